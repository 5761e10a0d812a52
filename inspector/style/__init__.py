"""How the inspector looks: the light and dark themes, the icons in the theme's colours,
and window actions made one way (their icons follow the theme)."""
