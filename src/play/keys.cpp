#include "play/keys.hpp"

namespace halma::play {

Intent board_intent(int key, const KeyCodes& c) noexcept {
    auto cursor = [](int dx, int dy) { return Intent{Action::Cursor, dx, dy}; };
    if (key == c.up || key == 'k') return cursor(0, 1);
    if (key == c.down || key == 'j') return cursor(0, -1);
    if (key == c.left || key == 'h') return cursor(-1, 0);
    if (key == c.right || key == 'l') return cursor(1, 0);
    if (key == 'y' || key == c.a1) return cursor(-1, 1);
    if (key == 'u' || key == c.a3) return cursor(1, 1);
    if (key == 'b' || key == c.c1) return cursor(-1, -1);
    if (key == 'n' || key == c.c3) return cursor(1, -1);
    switch (key) {
    case '\n':
    case '\r':
    case ' ':
        return {Action::Choose};
    case 127:
    case 8:
        return {Action::Back};
    case kEsc:
        return {Action::Cancel};
    case ':':
        return {Action::Prompt};
    case '?':
        return {Action::Help};
    case 'q':
        return {Action::Quit};
    case kCtrlL:
        return {Action::Redraw};
    case 'U':
        return {Action::Undo};
    case 'R':
        return {Action::Redo};
    case 'H':
        return {Action::Hint};
    case 'N':
        return {Action::NewGame};
    case 'r':
        return {Action::Review};
    case 's':
        return {Action::Save};
    case 'L':
        return {Action::Log};
    case 'f':
        return {Action::Turn};
    default:
        break;
    }
    if (key == c.enter) return {Action::Choose};
    if (key == c.backspace) return {Action::Back};
    return {};
}

FormAction form_intent(int key, const KeyCodes& c) noexcept {
    if (key == kEsc || key == 'q') return FormAction::Back;
    if (key == c.up || key == 'k') return FormAction::Up;
    if (key == c.down || key == 'j' || key == '\t') return FormAction::Down;
    if (key == c.left || key == 'h') return FormAction::Previous;
    if (key == c.right || key == 'l' || key == ' ') return FormAction::Next;
    if (key == 'S') return FormAction::SaveDefaults;
    if (key == '\n' || key == '\r' || key == c.enter) return FormAction::Start;
    return FormAction::None;
}

ReviewAction review_intent(int key, const KeyCodes& c) noexcept {
    using R = ReviewAction;
    if (key == c.left || key == c.up || key == 'h' || key == 'k') return R::Back;
    if (key == c.right || key == c.down || key == 'j' || key == ' ') return R::Forward;
    if (key == c.home || key == 'g') return R::Start;
    if (key == c.end || key == 'G') return R::End;
    if (key == c.page_up) return R::BackMany;
    if (key == c.page_down) return R::ForwardMany;
    switch (key) {
    case '\t':
        return R::NextCostly;
    case '\n':
    case '\r':
        return R::GoToCostly;
    case 'p':
        return R::PlayOn;
    case 'l':
        return R::Learn;
    case 'q':
    case 'r':
    case kEsc:
        return R::Leave;
    case '?':
        return R::Help;
    case 'L':
        return R::Log;
    case 'f':
        return R::Turn;
    default:
        return R::None;
    }
}

PageAction page_intent(int key, const KeyCodes& c) noexcept {
    using P = PageAction;
    if (key == c.up || key == 'k') return P::Up;
    if (key == c.down || key == 'j') return P::Down;
    if (key == c.page_up || key == 'b') return P::PageUp;
    if (key == c.page_down || key == ' ') return P::PageDown;
    if (key == c.home || key == 'g') return P::Top;
    if (key == c.end || key == 'G') return P::Bottom;
    if (key == '\t' || key == c.right || key == 'l') return P::Next;
    if (key == c.left || key == 'h') return P::Previous;
    if (key == '\n' || key == '\r' || key == c.enter) return P::Choose;
    if (key == 'q' || key == kEsc || key == '?') return P::Leave;
    return P::None;
}

} // namespace halma::play
