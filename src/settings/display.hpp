// The display's choices that are plain names, read by the command line and the config file
// and used by the screen: the colour theme and whose side is at the bottom. No curses here.
#pragma once

#include <string_view>

namespace halma::settings {

// dark suits a dark terminal (and is the default), light a light one, contrast forces white
// on black at the strongest contrast, mono draws without colour (as --no-color does).
enum class Theme { Dark, Light, Contrast, Mono };

inline constexpr Theme kThemes[] = {Theme::Dark, Theme::Light, Theme::Contrast, Theme::Mono};

// The theme's name as the config file and --theme spell it.
[[nodiscard]] constexpr const char* theme_name(Theme t) noexcept {
    switch (t) {
    case Theme::Light:
        return "light";
    case Theme::Contrast:
        return "contrast";
    case Theme::Mono:
        return "mono";
    default:
        return "dark";
    }
}

// Reads a theme's name; false (out unchanged) for anything else.
[[nodiscard]] constexpr bool parse_theme(std::string_view name, Theme& out) noexcept {
    for (Theme t : kThemes)
        if (name == theme_name(t)) {
            out = t;
            return true;
        }
    return false;
}

// "dark, light, contrast or mono", for messages and help.
inline constexpr const char* kThemeChoices = "dark, light, contrast or mono";

// Whose side a screen shows at the bottom (--orientation): the person's at this terminal
// (own), always seat 1's (fixed), or, with several people at one keyboard, the side of each
// in turn (mover).
enum class Orientation { Own, Fixed, Mover };

inline constexpr const char* kOrientationChoices = "own, fixed or mover";

[[nodiscard]] inline bool parse_orientation(std::string_view word, Orientation& out) {
    if (word == "own") return out = Orientation::Own, true;
    if (word == "fixed") return out = Orientation::Fixed, true;
    if (word == "mover") return out = Orientation::Mover, true;
    return false;
}

} // namespace halma::settings
