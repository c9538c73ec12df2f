// How far apart two colours look, for normal vision and the three common colour-vision
// deficiencies, and the contrast between them: the measures the theme tests hold each
// palette to.
//  - A deficiency is simulated with the matrices of Machado, Oliveira and Fernandes (2009)
//    at full severity, applied in linear RGB.
//  - Difference is the distance in Oklab (Ottosson 2020): about 0.02 is just noticeable,
//    0.1 plainly another colour.
//  - Contrast is the WCAG 2 ratio of relative luminances, 1 (none) to 21 (black on white).
#pragma once

#include "screen/theme.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace colour_vision {

using halma::screen::Rgb;

enum class Vision { Normal, Protanopia, Deuteranopia, Tritanopia };
inline constexpr Vision kVisions[] = {Vision::Normal, Vision::Protanopia, Vision::Deuteranopia,
                                      Vision::Tritanopia};

[[nodiscard]] inline const char* vision_name(Vision v) {
    switch (v) {
    case Vision::Protanopia:
        return "protanopia";
    case Vision::Deuteranopia:
        return "deuteranopia";
    case Vision::Tritanopia:
        return "tritanopia";
    default:
        return "normal vision";
    }
}

using Linear = std::array<double, 3>;

// An sRGB channel (0-255) as linear light (0-1).
[[nodiscard]] inline double to_linear(int channel) {
    const double c = channel / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

// The colour as someone with this vision sees it, in linear RGB.
[[nodiscard]] inline Linear seen(Rgb rgb, Vision v) {
    static constexpr double kMatrices[3][3][3] = {{{0.152286, 1.052583, -0.204868},
                                                   {0.114503, 0.786281, 0.099216},
                                                   {-0.003882, -0.048116, 1.051998}},
                                                  {{0.367322, 0.860646, -0.227968},
                                                   {0.280085, 0.672501, 0.047413},
                                                   {-0.011820, 0.042940, 0.968881}},
                                                  {{1.255528, -0.076749, -0.178779},
                                                   {-0.078411, 0.930809, 0.147602},
                                                   {0.004733, 0.691367, 0.303900}}};
    const Linear in = {to_linear(rgb.r), to_linear(rgb.g), to_linear(rgb.b)};
    if (v == Vision::Normal) return in;
    const auto& m = kMatrices[static_cast<int>(v) - 1];
    Linear out;
    for (int row = 0; row < 3; ++row)
        out[row] = std::clamp(m[row][0] * in[0] + m[row][1] * in[1] + m[row][2] * in[2], 0.0, 1.0);
    return out;
}

// Linear RGB in Oklab (L, a, b).
[[nodiscard]] inline Linear oklab(const Linear& c) {
    const double l = std::cbrt(0.4122214708 * c[0] + 0.5363325363 * c[1] + 0.0514459929 * c[2]);
    const double m = std::cbrt(0.2119034982 * c[0] + 0.6806995451 * c[1] + 0.1073969566 * c[2]);
    const double s = std::cbrt(0.0883024619 * c[0] + 0.2817188376 * c[1] + 0.6299787005 * c[2]);
    return {0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
            1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
            0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s};
}

// How different two colours look to someone with this vision.
[[nodiscard]] inline double difference(Rgb a, Rgb b, Vision v) {
    const Linear x = oklab(seen(a, v)), y = oklab(seen(b, v));
    return std::sqrt((x[0] - y[0]) * (x[0] - y[0]) + (x[1] - y[1]) * (x[1] - y[1]) +
                     (x[2] - y[2]) * (x[2] - y[2]));
}

// The smallest difference over normal vision and the three deficiencies.
[[nodiscard]] inline double worst_difference(Rgb a, Rgb b) {
    double worst = 1e9;
    for (Vision v : kVisions) worst = std::min(worst, difference(a, b, v));
    return worst;
}

// The WCAG contrast ratio of two colours, for normal vision (difference() covers the
// others, lightness included).
[[nodiscard]] inline double contrast(Rgb a, Rgb b) {
    auto luminance = [](Rgb c) {
        return 0.2126 * to_linear(c.r) + 0.7152 * to_linear(c.g) + 0.0722 * to_linear(c.b);
    };
    const double x = luminance(a), y = luminance(b);
    return (std::max(x, y) + 0.05) / (std::min(x, y) + 0.05);
}

} // namespace colour_vision
