"""Sizes shared by the renderer and the geometry converters (tools/convert_*_geometry.py).

The converters place province labels so that they never collide with a unit drawn at any anchor
(nor with a dislodged unit at its offset), so both sides must agree on these numbers.
"""

from __future__ import annotations

# Unit icons: half-size of the square an icon fits in, in map pixels (map ≥ 1600 px wide).
UNIT_RADIUS = 16
# A dislodged unit is drawn beside its province's anchor, at this offset (down-right), so that
# the attacker that took its place stays visible (issue 3).
DISLODGED_OFFSET = (27, 22)
# Label font (bold, abbreviated province ids in capitals like the printed board).
LABEL_FONT_SIZE = 16
# Supply-centre marker radius.
CENTER_RADIUS = 8
# Space kept free around units and centre markers when placing labels.
LABEL_MARGIN = 3
