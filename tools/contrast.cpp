// contrast: prints the figures the board's colours are held to (tests/board_contrast.hpp) for
// every coloured theme at 256, 16 and 8 colours, on xterm's colours and, with 8 and 16, the
// Linux console's: each figure's worst case, its floor, and where the worst case is.
//   contrast
#include "board_contrast.hpp"

#include <cstdio>

int main() {
    using namespace board_contrast;
    using halma::screen::palette_for;
    using halma::screen::theme_name;
    int missed = 0;
    std::printf("%-8s %5s %-7s  %-40s %6s %6s  %s\n", "theme", "depth", "on", "figure", "worst",
                "floor", "worst case");
    for (Theme theme : {Theme::Dark, Theme::Light, Theme::Contrast})
        for (int depth : {256, 16, 8})
            for (Terminal t : {Terminal::Xterm, Terminal::Console}) {
                if (depth == 256 && t == Terminal::Console) continue;
                for (const Figure& f : figures(theme, *palette_for(theme, depth), t)) {
                    std::printf("%-8s %5d %-7s  %-40s %6.2f %6.2f  %s%s\n", theme_name(theme),
                                depth, terminal_name(t), f.measure.c_str(), f.value, f.floor,
                                f.worst.c_str(), f.met() ? "" : "  BELOW THE FLOOR");
                    missed += !f.met();
                }
            }
    return missed ? 1 : 0;
}
