#include "net/client.hpp"

#include <poll.h>

namespace halma::net {

namespace {
// The most a client queues for the host: a few lines of moves and chat.
constexpr std::size_t kClientQueue = 64 * 1024;
// Bytes read from the host per call: a large record arrives over several calls.
constexpr std::size_t kClientRead = 256 * 1024;
// What attach() says when the far end is gone before the hello is out.
constexpr const char* kHungUp = "the other end hung up at once";
} // namespace

std::string Client::open(Rendezvous& dir, const std::string& address, Role role, int seat,
                         const std::string& code) {
    if (seat > 3) return "there are at most 4 seats";
    GameAddress where;
    if (std::string e = read_address(address, where); !e.empty()) return e;
    UniqueFd fd;
    uid_t host = 0;
    if (std::string e = dir.connect(where, fd, host); !e.empty()) return e;
    if (std::string e = attach(std::move(fd), user_name(host), role, seat, code); !e.empty())
        return e == kHungUp ? "the game " + where.game + " hung up at once" : e;
    return {};
}

std::string Client::attach(UniqueFd fd, const std::string& host_user, Role role, int seat,
                           const std::string& code, std::unique_ptr<SshRelay> relay) {
    if (seat > 3) return "there are at most 4 seats";
    std::string lowered;
    if (!code.empty() && (code == "-" || !read_code(code, lowered)))
        return "'" + clean_text(code, 20) + "' is not an invite code (letters and digits)";
    relay_ = std::move(relay);
    Message hello;
    hello.verb = Verb::Hello;
    hello.version = kWireVersion;
    hello.role = role;
    hello.seat = role == Role::Play && seat >= 0 ? seat + 1 : 0;
    hello.word = lowered;
    if (!start(std::move(fd), host_user, hello)) return kHungUp;
    return {};
}

std::string Client::open_lobby(UniqueFd fd, const std::string& host,
                               std::unique_ptr<SshRelay> relay) {
    relay_ = std::move(relay);
    Message hello;
    hello.verb = Verb::Hello;
    hello.version = kWireVersion;
    hello.role = Role::Lobby;
    if (!start(std::move(fd), host, hello)) return "the club hung up at once";
    return {};
}

bool Client::start(UniqueFd fd, const std::string& host, const Message& hello) {
    conn_ = Connection(std::move(fd), From::Host, kClientQueue);
    host_user_ = host;
    why_.clear();
    if (!conn_.send(hello)) return false;
    pending_ = true;
    return true;
}

void Client::handle(short revents) {
    if (revents & POLLOUT) conn_.flush();
    if (revents & (POLLIN | POLLHUP | POLLERR)) conn_.read_some(kClientRead);
    if (conn_.at_eof()) conn_.close("the other end hung up"); // what it sent is still read
    if (!conn_.open() && why_.empty()) {
        why_ = conn_.why_closed();
        if (relay_) relay_->finish(); // ssh's last word says why, once it has ended
        if (const std::string said = relay_ ? relay_->ssh_said() : ""; !said.empty())
            why_ += "; ssh: " + said;
    }
}

bool Client::next(Message& m) {
    if (!pending_) return false;
    std::string error;
    switch (conn_.decoder.next(m, error)) {
    case Decoder::Got::Message:
        return true;
    case Decoder::Got::Error: // a host that sends garbage cannot be followed
    case Decoder::Got::WrongSide:
        why_ = "the host sent a bad line (" + error + ")";
        conn_.close(why_);
        pending_ = false;
        return false;
    case Decoder::Got::Nothing:
        break;
    }
    if (!conn_.open()) {
        pending_ = false;
        if (why_.empty()) why_ = conn_.why_closed();
    }
    return false;
}

bool Client::move(const std::string& notation) {
    Message m;
    m.verb = Verb::Move;
    m.word = notation;
    return send(m);
}

bool Client::say(const std::string& text) {
    Message m;
    m.verb = Verb::Say;
    m.text = text;
    return send(m);
}

void Client::bye() {
    Message m;
    m.verb = Verb::Bye;
    send(m);
    conn_.close("left");
    why_ = "left";
    pending_ = false;
}

std::string apply_to_game(const Message& m, Game& game, Options& headers) {
    switch (m.verb) {
    case Verb::Record:
        return read_record(m.text, game, headers).message();
    case Verb::Moved: {
        if (m.seat != game.to_move() + 1)
            return "seat " + std::to_string(m.seat) + " moved, but it is seat " +
                   std::to_string(game.to_move() + 1) + "'s turn";
        ParsedMove pm = parse_move(game, m.word);
        if (!pm.error.empty()) return "move " + m.word + ": " + pm.error;
        game.play(pm.move);
        return {};
    }
    case Verb::Undone:
        if (static_cast<std::size_t>(m.count) > game.ply())
            return "the host took back " + std::to_string(m.count) + " moves of " +
                   std::to_string(game.ply());
        for (int i = 0; i < m.count; ++i) (void)game.undo();
        return {};
    default:
        return {};
    }
}

} // namespace halma::net
