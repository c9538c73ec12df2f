#include "net/admission.hpp"

#include <algorithm>
#include <cstring>

namespace halma::net {

void Admission::let_in(uid_t uid) {
    if (!known(uid)) known_.push_back(uid);
}

bool Admission::known(uid_t uid) const noexcept {
    return std::find(known_.begin(), known_.end(), uid) != known_.end();
}

std::string Admission::refusal(const Credentials& who, const std::vector<Occupant>& open,
                               const std::vector<uid_t>& away) const {
    if (!who.known)
        return std::string(
                   "the host cannot tell who you are: the kernel did not say (SO_PEERCRED: ") +
               std::strerror(who.error) + ")";
    const std::size_t total = open.size();
    if (total >= limits_.max_connections)
        return "too many connections to this game (" + std::to_string(limits_.max_connections) +
               "); try again later";
    const auto waiting =
        static_cast<std::size_t>(std::count_if(open.begin(), open.end(), [&](const Occupant& o) {
            return o.uid == who.uid && !o.admitted;
        }));
    if (waiting >= limits_.max_waiting_per_user)
        return user_name(who.uid) + " already has " + std::to_string(waiting) +
               " connections to this game that have not said hello";
    const auto kept_for_away = static_cast<std::size_t>(
        std::count_if(away.begin(), away.end(), [&](uid_t u) { return u != who.uid; }));
    const std::size_t free = limits_.max_connections - total;
    if (free <= kept_for_away)
        return "the last connections to this game are kept for players whose seats are held";
    if (!known(who.uid) && free <= kept_for_away + limits_.kept_for_known)
        return "the last connections to this game are kept for players already let in; try "
               "again later";
    return {};
}

} // namespace halma::net
