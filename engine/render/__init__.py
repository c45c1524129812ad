"""One Pillow renderer for every map (issue 3): ``render_map(state, orders=...) -> PNG bytes``.

Pure: no Discord, no database; reads assets/ once and caches the base layer; safe to call from a
worker thread (``asyncio.to_thread``).
"""

from engine.render.core import draw_map, render_map
from engine.render.palette import contrast_ratio

__all__ = ["contrast_ratio", "draw_map", "render_map"]
