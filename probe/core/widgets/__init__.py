"""A widget as a layout and a style see it (in the app, GUI thread): its rectangle, sizes,
layout cells and the window's tab order (:mod:`.layout`, :mod:`.taborder`); its palette,
font, style and style sheets (:mod:`.style`)."""
