#!/usr/bin/python3
"""Paints a tmux pane capture as a PNG, the way a terminal with xterm's default colours shows it.

    capture_png.py CAPTURE OUT.png COLS ROWS [--light]

CAPTURE is the output of `tmux capture-pane -e -p -N` (text with SGR escape sequences). The
terminal's own colours are xterm's light grey on black, or with --light black on white; bold
text in colours 0-7 is shown in their bright forms, as xterm does by default. Needs Debian's
python3-pil and fonts-dejavu-core (scripts/pictures.sh installs them).
"""
import re
import sys

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = "/usr/share/fonts/truetype/dejavu/"
FONT_SIZE = 16
CELL_W, CELL_H = 10, 20  # DejaVu Sans Mono at 16 px advances 9.6 px; a little air between lines

# xterm's sixteen colours, and the levels of its 6x6x6 cube.
XTERM16 = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
           (0, 205, 205), (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0),
           (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255)]
CUBE = [0, 95, 135, 175, 215, 255]


def colour(n):
    """An xterm colour number as red, green and blue."""
    if n < 16:
        return XTERM16[n]
    if n < 232:
        i = n - 16
        return (CUBE[i // 36], CUBE[i // 6 % 6], CUBE[i % 6])
    grey = 8 + 10 * (n - 232)
    return (grey, grey, grey)


class Pen:
    """The attributes SGR sequences set: colours (None: the terminal's own), bold, reverse,
    underline."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.fg = self.bg = None
        self.bold = self.reverse = self.underline = False

    def apply(self, params):
        p = [int(x) if x else 0 for x in params.replace(":", ";").split(";")] if params else [0]
        i = 0
        while i < len(p):
            v = p[i]
            if v == 0:
                self.reset()
            elif v == 1:
                self.bold = True
            elif v == 22:
                self.bold = False
            elif v == 4:
                self.underline = True
            elif v == 24:
                self.underline = False
            elif v == 7:
                self.reverse = True
            elif v == 27:
                self.reverse = False
            elif 30 <= v <= 37:
                self.fg = v - 30
            elif 90 <= v <= 97:
                self.fg = v - 90 + 8
            elif 40 <= v <= 47:
                self.bg = v - 40
            elif 100 <= v <= 107:
                self.bg = v - 100 + 8
            elif v == 39:
                self.fg = None
            elif v == 49:
                self.bg = None
            elif v in (38, 48) and i + 2 < len(p) and p[i + 1] == 5:
                if v == 38:
                    self.fg = p[i + 2]
                else:
                    self.bg = p[i + 2]
                i += 2
            elif v in (38, 48) and i + 4 < len(p) and p[i + 1] == 2:
                i += 4  # direct colour: not used by halma
            i += 1


def cells(text):
    """Yields (row, col, char, fg, bg, bold, underline) for every cell of a capture."""
    pen = Pen()
    token = re.compile(r"\x1b\[([0-9;:]*)([@-~])|\x1b[()][0-9A-Za-z]|(.)", re.S)
    for row, line in enumerate(text.split("\n")):
        col = 0
        for m in token.finditer(line):
            if m.group(2):
                if m.group(2) == "m":
                    pen.apply(m.group(1))
                continue
            ch = m.group(3)
            if ch is None:
                continue
            fg, bg = pen.fg, pen.bg
            if pen.bold and fg is not None and fg < 8:
                fg += 8
            if pen.reverse:
                fg, bg = bg, fg
            yield row, col, ch, fg, bg, pen.bold, pen.underline, pen.reverse
            col += 1


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    light = "--light" in argv
    capture, out, cols, rows = args[0], args[1], int(args[2]), int(args[3])
    own_fg, own_bg = ((0, 0, 0), (255, 255, 255)) if light else ((229, 229, 229), (0, 0, 0))
    regular = ImageFont.truetype(FONT_DIR + "DejaVuSansMono.ttf", FONT_SIZE)
    bold = ImageFont.truetype(FONT_DIR + "DejaVuSansMono-Bold.ttf", FONT_SIZE)
    image = Image.new("RGB", (cols * CELL_W, rows * CELL_H), own_bg)
    draw = ImageDraw.Draw(image)
    with open(capture, encoding="utf-8", errors="replace") as f:
        text = f.read()
    for row, col, ch, fg, bg, is_bold, underline, reverse in cells(text):
        if row >= rows or col >= cols:
            continue
        x, y = col * CELL_W, row * CELL_H
        # Reverse video of the terminal's own colours swaps them too.
        ink = colour(fg) if fg is not None else (own_bg if reverse else own_fg)
        paper = colour(bg) if bg is not None else (own_fg if reverse else own_bg)
        draw.rectangle([x, y, x + CELL_W - 1, y + CELL_H - 1], fill=paper)
        if ch != " ":
            font = bold if is_bold else regular
            draw.text((x + CELL_W / 2, y + CELL_H / 2), ch, font=font, fill=ink, anchor="mm")
        if underline:
            draw.line([x, y + CELL_H - 2, x + CELL_W - 1, y + CELL_H - 2], fill=ink)
    image.save(out, optimize=True)


if __name__ == "__main__":
    main(sys.argv)
