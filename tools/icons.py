"""The app icon, drawn once as rectangles and written as SVG and as PNGs.

Pure standard library (zlib + struct), so the build needs no image package. The
drawing fills the whole square, which keeps it inside the "maskable" safe zone
that tablets crop to a circle or a rounded square.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

Color = tuple[int, int, int]
# (left, top, width, height, colour) in units of the icon's side.
Rect = tuple[float, float, float, float, Color]

WOOD: Color = (0x7A, 0x4B, 0x28)
GRASS_LIGHT: Color = (0x6B, 0xA3, 0x4A)
GRASS_DARK: Color = (0x58, 0x8C, 0x3B)
LAKE: Color = (0x3A, 0x7C, 0xB8)
RED: Color = (0xC0, 0x39, 0x2B)
BLUE: Color = (0x2C, 0x5A, 0xA0)
CREAM: Color = (0xF4, 0xE8, 0xD0)

PNG_SIZES = (192, 512)


def drawing() -> list[Rect]:
    cells = 4
    board, side = 0.16, 0.68
    cell = side / cells
    rects: list[Rect] = [(0.0, 0.0, 1.0, 1.0, WOOD)]
    for row in range(cells):
        for col in range(cells):
            colour = GRASS_LIGHT if (row + col) % 2 == 0 else GRASS_DARK
            rects.append((board + col * cell, board + row * cell, cell, cell, colour))
    rects.append((board + cell, board + cell * 1.5, cell * 2, cell, LAKE))
    for col, row, colour in ((0.5, 0.25, BLUE), (2.5, 2.75, RED)):
        left, top = board + col * cell + cell * 0.12, board + row * cell + cell * 0.05
        rects.append((left, top, cell * 0.76, cell * 0.9, colour))
        rects.append((left + cell * 0.18, top + cell * 0.22, cell * 0.4, cell * 0.12, CREAM))
    return rects


def svg(rects: list[Rect]) -> str:
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1000">']
    for left, top, width, height, (r, g, b) in rects:
        parts.append(
            f'<rect x="{left * 1000:.0f}" y="{top * 1000:.0f}" width="{width * 1000:.0f}" '
            f'height="{height * 1000:.0f}" fill="#{r:02x}{g:02x}{b:02x}"/>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def png(rects: list[Rect], size: int) -> bytes:
    pixels = [bytearray(WOOD * size) for _ in range(size)]
    for left, top, width, height, colour in rects:
        x0, y0 = round(left * size), round(top * size)
        x1, y1 = round((left + width) * size), round((top + height) * size)
        for y in range(max(y0, 0), min(y1, size)):
            pixels[y][x0 * 3 : x1 * 3] = bytes(colour) * (x1 - x0)
    raw = b"".join(b"\0" + bytes(row) for row in pixels)

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def write_icons(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    rects = drawing()
    (folder / "icon.svg").write_text(svg(rects), encoding="utf-8")
    for size in PNG_SIZES:
        (folder / f"icon-{size}.png").write_bytes(png(rects, size))
