"""Paletted PNG written directly: rows filtered "none" and deflated with ISA-L when the
``isal`` package is there (≈ 2 ms for an 1800×1700 map against ≈ 14 ms for zlib level 1 at a
similar size), else with zlib level 1."""

from __future__ import annotations

import struct
import types
import zlib

from PIL import Image

_deflate: types.ModuleType
try:
    from isal import isal_zlib
    _deflate, _LEVEL = isal_zlib, 2  # ISA-L levels are 0-3; 2 is as small as 3 here and faster
except ImportError:  # pragma: no cover - isal is a dependency; zlib keeps a bare install working
    _deflate, _LEVEL = zlib, 1


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)) & 0xFFFFFFFF))


def encode_paletted(im: Image.Image) -> bytes:
    """PNG bytes of a "P" image (8 bits, its 256-entry palette, no transparency)."""
    assert im.mode == "P"
    w, h = im.size
    # A zero column on the left: each row then starts with filter byte 0 (none).
    rows = Image.new("P", (w + 1, h), 0)
    rows.paste(im, (1, 0))
    palette = bytes(im.getpalette() or [])
    return b"".join((
        b"\x89PNG\r\n\x1a\n",
        _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)),
        _chunk(b"PLTE", palette[:768]),
        _chunk(b"IDAT", _deflate.compress(rows.tobytes(), _LEVEL)),
        _chunk(b"IEND", b""),
    ))
