/* qtmcp shim: starts Python and the qtmcp probe inside a C++ Qt 6 app.
 *
 * Two ways in, one way on:
 *   - `qtmcp launch ./app` preloads this library (LD_PRELOAD). Its constructor registers a
 *     Qt pre-routine (qAddPreRoutine, what Q_COREAPP_STARTUP_FUNCTION expands to), which
 *     Qt calls on the GUI thread once the app creates its QCoreApplication.
 *   - `qtmcp attach PID` has gdb dlopen() this library in the running app and call
 *     qtmcp_shim_attach() on its main thread.
 * Either way start_python() loads libpython, initialises it without signal handlers and
 * runs the boot file qtmcp wrote; that file only arms a 0 ms timer, so probe.install()
 * runs inside the app's event loop. Then the GIL is released for the probe's threads.
 *
 * No Qt and no Python headers: both are reached with dlsym, so one build serves every
 * Qt 6 release and every Python 3. Build: cc -shared -fPIC -O2 -o libqtmcp_shim.so
 * qtmcp_shim.c -ldl (qtmcp does it once and caches the result).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PATH_MAX_LEN 4096

static char libpython_path[PATH_MAX_LEN];
static char python_home[PATH_MAX_LEN];
static char boot_path[PATH_MAX_LEN];
static char status_path[PATH_MAX_LEN];

/* Say why the probe could not start: to stderr, and to the status file qtmcp reads. */
static void fail(const char *what, const char *detail)
{
    fprintf(stderr, "qtmcp shim: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    if (!status_path[0])
        return;
    FILE *fh = fopen(status_path, "w");
    if (!fh)
        return;
    fputs("{\"ok\": false, \"text\": \"", fh);
    for (const char *parts[2] = {what, detail}, **p = parts; p < parts + 2; ++p) {
        if (!*p)
            continue;
        if (p != parts)
            fputs(": ", fh);
        for (const char *c = *p; *c; ++c) {
            if (*c == '"' || *c == '\\')
                fputc('\\', fh);
            fputc((unsigned char)*c >= 0x20 ? *c : ' ', fh);
        }
    }
    fputs("\"}", fh);
    fclose(fh);
}

static int copy(char *dst, const char *src)
{
    if (!src || !*src || strlen(src) >= PATH_MAX_LEN)
        return 0;
    strcpy(dst, src);
    return 1;
}

/* A path we put inside a Python string literal: refuse quotes, backslashes, newlines. */
static int plain(const char *path)
{
    return strpbrk(path, "'\\\n\r") == NULL;
}

typedef int (*int_void)(void);
typedef void (*void_int)(int);
typedef int (*int_str)(const char *);
typedef void *(*ptr_void)(void);

static int start_python(void)
{
    if (!plain(boot_path)) {
        fail("unusable boot file path", boot_path);
        return -1;
    }
    void *py = dlopen(libpython_path, RTLD_NOW | RTLD_GLOBAL);
    if (!py) {
        fail("cannot load libpython", dlerror());
        return -1;
    }
    int_void is_initialized = (int_void)dlsym(py, "Py_IsInitialized");
    void_int initialize = (void_int)dlsym(py, "Py_InitializeEx");
    int_str run = (int_str)dlsym(py, "PyRun_SimpleString");
    ptr_void save_thread = (ptr_void)dlsym(py, "PyEval_SaveThread");
    int_void gil_ensure = (int_void)dlsym(py, "PyGILState_Ensure");
    void_int gil_release = (void_int)dlsym(py, "PyGILState_Release");
    if (!is_initialized || !initialize || !run || !save_thread || !gil_ensure || !gil_release) {
        fail("libpython lacks the embedding API", libpython_path);
        return -1;
    }
    char code[2 * PATH_MAX_LEN + 128];
    snprintf(code, sizeof code,
             "exec(compile(open('%s').read(), '%s', 'exec'), {'__name__': '__qtmcp_boot__'})",
             boot_path, boot_path);
    int rc;
    if (is_initialized()) { /* the app embeds Python already: borrow its interpreter */
        int gil = gil_ensure();
        rc = run(code);
        gil_release(gil);
        return rc;
    }
    if (python_home[0])
        setenv("PYTHONHOME", python_home, 1);
    initialize(0); /* 0: leave the app's signal handlers alone */
    if (python_home[0])
        unsetenv("PYTHONHOME");
    rc = run(code);
    save_thread(); /* release the GIL: the probe's threads and later slots take it */
    return rc;
}

static void on_app_created(void)
{
    if (start_python() != 0 && status_path[0])
        fprintf(stderr, "qtmcp shim: the probe did not start (see %s)\n", status_path);
}

/* Remove this library from LD_PRELOAD, so that programs the app starts run without it. */
static void forget_preload(void)
{
    const char *preload = getenv("LD_PRELOAD");
    if (!preload)
        return;
    char kept[PATH_MAX_LEN * 2] = "";
    char copy_of[PATH_MAX_LEN * 2];
    if (strlen(preload) >= sizeof copy_of)
        return;
    strcpy(copy_of, preload);
    for (char *save = NULL, *item = strtok_r(copy_of, ": ", &save); item;
         item = strtok_r(NULL, ": ", &save)) {
        if (strstr(item, "qtmcp_shim"))
            continue;
        if (kept[0])
            strcat(kept, ":");
        strcat(kept, item);
    }
    if (kept[0])
        setenv("LD_PRELOAD", kept, 1);
    else
        unsetenv("LD_PRELOAD");
}

__attribute__((constructor)) static void qtmcp_shim_preload(void)
{
    const char *boot = getenv("QTMCP_SHIM_BOOT");
    if (!boot) /* loaded by gdb for attach: qtmcp_shim_attach does the work */
        return;
    copy(status_path, getenv("QTMCP_SHIM_STATUS"));
    int ok = copy(boot_path, boot) && copy(libpython_path, getenv("QTMCP_SHIM_PYTHON"));
    copy(python_home, getenv("QTMCP_SHIM_HOME"));
    unsetenv("QTMCP_SHIM_BOOT");
    unsetenv("QTMCP_SHIM_PYTHON");
    unsetenv("QTMCP_SHIM_HOME");
    unsetenv("QTMCP_SHIM_STATUS");
    forget_preload();
    if (!ok) {
        fail("QTMCP_SHIM_PYTHON is not set", NULL);
        return;
    }
    typedef void (*add_pre_routine)(void (*)(void));
    add_pre_routine add = (add_pre_routine)dlsym(RTLD_DEFAULT, "_Z14qAddPreRoutinePFvvE");
    if (!add) {
        fail("this program does not use Qt 6 (no qAddPreRoutine in its libraries)", NULL);
        return;
    }
    add(on_app_created);
}

/* Called by gdb in a running app, on its main thread: start Python and the probe now. */
__attribute__((visibility("default"))) int qtmcp_shim_attach(const char *libpython,
                                                              const char *home,
                                                              const char *boot,
                                                              const char *status)
{
    copy(status_path, status);
    if (!copy(libpython_path, libpython) || !copy(boot_path, boot)) {
        fail("qtmcp_shim_attach: missing libpython or boot path", NULL);
        return -1;
    }
    python_home[0] = '\0';
    copy(python_home, home);
    return start_python();
}
