#include "rating/glicko.hpp"

#include <algorithm>
#include <cmath>

namespace halma::club {

namespace {

// The factor between the familiar scale and Glicko-2's.
constexpr double kScale = 173.7178;
constexpr double kPi = 3.14159265358979323846;
// How closely the new volatility is sought.
constexpr double kEpsilon = 0.000001;

// How much an opponent's uncertainty damps what a result against them says.
double g(double phi) { return 1 / std::sqrt(1 + 3 * phi * phi / (kPi * kPi)); }

// The expected score against an opponent.
double expected(double mu, double mu_j, double phi_j) {
    return 1 / (1 + std::exp(-g(phi_j) * (mu - mu_j)));
}

// Step 5: the new volatility, by the Illinois variant of regula falsi on f.
double new_volatility(double phi, double sigma, double v, double delta, double tau) {
    const double a = std::log(sigma * sigma);
    const auto f = [&](double x) {
        const double ex = std::exp(x), d = phi * phi + v + ex;
        return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / (tau * tau);
    };
    double A = a, B;
    if (delta * delta > phi * phi + v) {
        B = std::log(delta * delta - phi * phi - v);
    } else {
        int k = 1;
        while (f(a - k * tau) < 0) ++k;
        B = a - k * tau;
    }
    double fA = f(A), fB = f(B);
    while (std::fabs(B - A) > kEpsilon) {
        const double C = A + (A - B) * fA / (fB - fA), fC = f(C);
        if (fC * fB <= 0) {
            A = B;
            fA = fB;
        } else {
            fA /= 2;
        }
        B = C;
        fB = fC;
    }
    return std::exp(A / 2);
}

} // namespace

Rating rate(const Rating& before, const std::vector<Match>& results, double tau) {
    if (results.empty()) return idle(before, 1);
    // Step 2: to the Glicko-2 scale.
    const double mu = (before.rating - 1500) / kScale, phi = before.deviation / kScale;
    // Steps 3 and 4: the estimated variance v and the improvement delta.
    double inv_v = 0, sum = 0;
    for (const Match& o : results) {
        const double mu_j = (o.opponent.rating - 1500) / kScale;
        const double phi_j = o.opponent.deviation / kScale;
        const double e = expected(mu, mu_j, phi_j), gj = g(phi_j);
        inv_v += gj * gj * e * (1 - e);
        sum += gj * (o.score - e);
    }
    const double v = 1 / inv_v, delta = v * sum;
    // Steps 5 to 7: volatility, then deviation and rating.
    const double sigma = new_volatility(phi, before.volatility, v, delta, tau);
    const double phi_star = std::sqrt(phi * phi + sigma * sigma);
    const double phi_new = 1 / std::sqrt(1 / (phi_star * phi_star) + 1 / v);
    const double mu_new = mu + phi_new * phi_new * sum;
    // Step 8: back to the familiar scale.
    return {kScale * mu_new + 1500, std::min(kMaxDeviation, kScale * phi_new), sigma};
}

Rating idle(const Rating& before, int periods) {
    Rating r = before;
    double phi = r.deviation / kScale;
    for (int i = 0; i < periods && phi * kScale < kMaxDeviation; ++i)
        phi = std::sqrt(phi * phi + r.volatility * r.volatility);
    r.deviation = std::min(kMaxDeviation, phi * kScale);
    return r;
}

} // namespace halma::club
