// A client as a server holds it: net::Host for a networked game and club::Server for the club
// keep the same things of each connection, hold it to the same rules (time to say hello,
// bad lines, a rate of lines and of chat) and take clients in and out the same way (accepted,
// dropped when silent, taken out once closed), here once.
#pragma once

#include "net/connection.hpp"
#include "net/rendezvous.hpp"
#include "net/wire.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <poll.h>
#include <string>
#include <sys/socket.h>
#include <sys/types.h>
#include <vector>

namespace halma::net {

// A token bucket: the rate limit a server holds each client's lines and chat to. It holds up
// to `burst` tokens, gains `rate` a second, and each line takes one.
struct TokenBucket {
    double tokens = 0, rate = 0, burst = 0;
    std::chrono::steady_clock::time_point last;

    // A full bucket.
    static TokenBucket full(double rate, double burst, std::chrono::steady_clock::time_point now) {
        return {burst, rate, burst, now};
    }
    // Takes a token if there is one.
    bool take(std::chrono::steady_clock::time_point now) {
        const double seconds = std::chrono::duration<double>(now - last).count();
        tokens = std::min(burst, tokens + rate * std::max(0.0, seconds));
        last = now;
        if (tokens < 1) return false;
        tokens -= 1;
        return true;
    }
};

// The bounds a server holds each client to. The defaults are meant for people at keyboards.
struct ClientLimits {
    std::chrono::milliseconds hello_time{10000}; // to say hello
    int max_strikes = 8;                         // bad lines before disconnecting
    double lines_per_second = 20;                // sustained rate of lines
    double line_burst = 60;                      // lines at once
    double says_per_second = 0.5;                // sustained rate of chat
    double say_burst = 5;                        // chat lines at once
    int max_flood = 200;                         // lines over the rate, then dropped
    std::size_t max_queued = 1u << 20;           // unread bytes (a host: besides the record)
};

// What a server keeps of every client. A server's own kind of client derives from it and
// says whether it has yet to say hello (greeting()).
struct ServedClient {
    using Clock = std::chrono::steady_clock;

    Connection conn;
    uid_t uid = 0;
    std::string user;
    Clock::time_point deadline; // before its hello: when it is dropped
    int strikes = 0, flood = 0;
    TokenBucket lines, says;
    bool flood_told = false; // told to slow down since the last line it was allowed
    bool kicked = false;     // closed by the server: its remaining lines are ignored

    // Starts the rules on a client just let in: its time to say hello, full buckets.
    void admit(const ClientLimits& l, Clock::time_point now) {
        deadline = now + l.hello_time;
        lines = TokenBucket::full(l.lines_per_second, l.line_burst, now);
        says = TokenBucket::full(l.says_per_second, l.say_burst, now);
    }
};

// Closes a client's connection for why, first telling it (verb, tell) unless tell is empty;
// what it sent after is not read.
inline void kick(ServedClient& c, const std::string& why, Verb verb = Verb::Dropped,
                 const std::string& tell = {}) {
    if (!tell.empty()) c.conn.send(with_text(verb, tell));
    c.conn.close(why);
    c.kicked = true;
}

// Answers a bad line with an error; the client is dropped at its max_strikes-th.
inline void strike(ServedClient& c, const std::string& why, const ClientLimits& l) {
    c.conn.send(with_text(Verb::Error, why));
    if (++c.strikes >= l.max_strikes)
        kick(c, "too many bad lines", Verb::Dropped, "too many bad lines");
}

// One turn of a client, as poll found it (revents): sends what waits for it, reads at most
// allowance bytes of what it sent, and hands each line to on_line(message), holding it to its
// rate of lines (a line over it is dropped with a warning, and max_flood of them drop the
// client) and to the rules of a line (a bad hello drops it, another bad line is a strike;
// one that speaks as a server, as_server, is dropped). Lines read before an end of file still
// count: a move, then a hang-up.
template <class Client, class OnLine>
void serve_client(Client& c, short revents, std::size_t allowance, const ClientLimits& l,
                  const char* as_server, ServedClient::Clock::time_point now, OnLine&& on_line) {
    if (revents & POLLOUT) c.conn.flush();
    if (revents & (POLLIN | POLLHUP | POLLERR)) c.conn.read_some(allowance);
    Message m;
    std::string error;
    for (Decoder::Got got;
         !c.kicked && (got = c.conn.decoder.next(m, error)) != Decoder::Got::Nothing;) {
        if (got == Decoder::Got::WrongSide) { // not a client: nothing it says is read
            kick(c, as_server, c.greeting() ? Verb::Refused : Verb::Dropped, error);
            break;
        }
        if (!c.lines.take(now)) {
            if (!c.flood_told) c.conn.send(with_text(Verb::Error, "too many lines; slow down"));
            c.flood_told = true;
            if (++c.flood > l.max_flood) kick(c, "flooding", Verb::Dropped, "flooding");
            continue;
        }
        c.flood_told = false;
        if (got == Decoder::Got::Error && c.greeting())
            kick(c, "bad hello", Verb::Refused, "say hello first (" + error + ")");
        else if (got == Decoder::Got::Error)
            strike(c, error, l);
        else
            on_line(m);
    }
    if (c.conn.at_eof()) c.conn.close("the other end hung up");
}

// The clients a server holds, in the order they came.
template <class Client>
using Clients = std::vector<std::unique_ptr<Client>>;

// Takes up to at_most of the connections waiting on listener (so that a storm of them cannot
// starve the clients), each a new Client with the uid the kernel says it has (who). A reason
// from refusal(client, who) is sent to it ("refused REASON") and it is closed; one with none
// is named, starts its rules (admit()) and goes to let_in(std::unique_ptr<Client>).
template <class Client, class Refusal, class LetIn>
void accept_clients(const UniqueFd& listener, int at_most, const ClientLimits& l,
                    ServedClient::Clock::time_point now, Refusal&& refusal, LetIn&& let_in) {
    for (int i = 0; i < at_most; ++i) {
        UniqueFd fd(accept4(listener.get(), nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC));
        if (!fd) return; // EAGAIN, or an error the next poll will show again
        const Credentials who = peer_credentials(fd.get());
        auto c = std::make_unique<Client>();
        c->conn = Connection(std::move(fd), From::Client, l.max_queued);
        c->uid = who.uid;
        if (std::string why = refusal(static_cast<const Client&>(*c), who); !why.empty()) {
            c->conn.send(with_text(Verb::Refused, why));
            c->conn.close("refused"); // the refusal goes out even while output is held
            continue;
        }
        c->user = user_name(c->uid);
        c->admit(l, now);
        let_in(std::move(c));
    }
}

// The poll timeout the clients ask for: -1, or the milliseconds until the first one that has
// yet to say hello is due to be dropped (just after its deadline, not just before it).
template <class Client>
[[nodiscard]] long long hello_due_ms(const Clients<Client>& clients,
                                     ServedClient::Clock::time_point now) {
    long long best = -1;
    for (const auto& c : clients) {
        if (!c->greeting() || !c->conn.open()) continue;
        const long long left =
            std::chrono::duration_cast<std::chrono::milliseconds>(c->deadline - now).count();
        const long long due = std::max(0LL, left + 1);
        if (best < 0 || due < best) best = due;
    }
    return best;
}

// Drops every client that has not said hello by its deadline.
template <class Client>
void drop_silent(Clients<Client>& clients, ServedClient::Clock::time_point now) {
    for (auto& c : clients)
        if (c->greeting() && c->conn.open() && now >= c->deadline)
            kick(*c, "said nothing", Verb::Refused, "no hello in time");
}

// Takes out the first client whose connection has closed (read an end of file, was kicked,
// or failed a write) and hands it back, or null when every one is open. A server settles
// what each one leaves, which may close more, until none is left.
template <class Client>
[[nodiscard]] std::unique_ptr<Client> take_closed(Clients<Client>& clients) {
    auto it =
        std::find_if(clients.begin(), clients.end(), [](const auto& c) { return !c->conn.open(); });
    if (it == clients.end()) return nullptr;
    std::unique_ptr<Client> gone = std::move(*it);
    clients.erase(it);
    return gone;
}

} // namespace halma::net
