#include "query/drawing/diagram.hpp"

#include <algorithm>

#include "notation/uhp_text.hpp"

namespace apiary::query {

const DiagramStack* Diagram::stackAt(Axial a) const {
  for (const auto& s : stacks)
    if (s.at == a) return &s;
  return nullptr;
}

Diagram diagramOf(const Board& board) {
  Diagram d;
  d.toMove = board.toMove();
  d.state = board.state();
  d.ply = board.ply();
  for (PieceId p = 0; p < kPieces; ++p) {
    if (!board.onBoard(p) || board.under(p) != kNoPiece) continue;  // one visit per stack: its bottom
    DiagramStack stack{board.axialOfPiece(p), {}};
    for (PieceId q = board.top(board.cellOf(p)); q != kNoPiece; q = board.under(q)) stack.pieces.push_back(q);
    std::reverse(stack.pieces.begin(), stack.pieces.end());
    d.stacks.push_back(std::move(stack));
  }
  std::sort(d.stacks.begin(), d.stacks.end(), [](const DiagramStack& a, const DiagramStack& b) {
    return a.at.r != b.at.r ? a.at.r < b.at.r : a.at.q < b.at.q;
  });
  if (!board.history().empty()) {
    const Move last = board.history().back();
    if (last.isPass()) return d;
    // The board one ply earlier knows where the piece stood and how UHP spells the move.
    Board before = board;
    before.undo();
    d.lastMove = notation::moveString(before, last);
    d.lastTo = board.axialOfPiece(last.piece);
    if (!last.isPlacement()) d.lastFrom = before.axialOfPiece(last.piece);
  } else if (board.lastMoved() != kNoPiece) {
    d.lastTo = board.axialOfPiece(board.lastMoved());
  }
  return d;
}

namespace {

// What a character is drawn as; only the colour mode turns inks into escapes.
enum class Ink : uint8_t { Plain, Dim, WhitePiece, BlackPiece, Mark };

const char* escapeOf(Ink ink) {
  switch (ink) {
    case Ink::Dim: return "\x1b[2m";
    // Tiles as backgrounds, so both colours read on light and dark terminals alike.
    case Ink::WhitePiece: return "\x1b[1;30;47m";
    case Ink::BlackPiece: return "\x1b[1;97;100m";
    case Ink::Mark: return "\x1b[1;33m";
    case Ink::Plain: break;
  }
  return "";
}
constexpr const char* kReset = "\x1b[0m";

// A grid of characters, each with its ink. Escapes are added only when rendering, so
// the layout is computed on visible columns whatever the mode.
class Canvas {
 public:
  Canvas(int rows, int cols) : text_(rows, std::string(cols, ' ')), ink_(rows, std::vector<Ink>(cols, Ink::Plain)) {}

  void put(int row, int col, char c, Ink ink) {
    text_[row][col] = c;
    ink_[row][col] = ink;
  }

  std::string render(bool color) const {
    std::string out;
    for (std::size_t row = 0; row < text_.size(); ++row) {
      const std::string& text = text_[row];
      std::size_t end = text.size();
      while (end > 0 && text[end - 1] == ' ' && ink_[row][end - 1] == Ink::Plain) --end;
      Ink current = Ink::Plain;
      for (std::size_t col = 0; col < end; ++col) {
        const Ink ink = ink_[row][col];
        if (color && ink != current) {
          if (current != Ink::Plain) out += kReset;
          out += escapeOf(ink);
          current = ink;
        }
        out += text[col];
      }
      if (color && current != Ink::Plain) out += kReset;
      out += '\n';
    }
    return out;
  }

 private:
  std::vector<std::string> text_;
  std::vector<std::vector<Ink>> ink_;
};

// Doubled-width column of a cell: a row's cells are two apart, and r shifts by one.
int doubledColumn(Axial a) { return 2 * a.q + a.r; }
// Text columns per doubled column. Neighbours in a row are then four columns apart
// and rows one line apart, about the proportions of a hex grid in a terminal's tall
// characters; a marked stack ("[B2]") still fits between its neighbours' letters.
constexpr int kColumnWidth = 2;

char bugLetter(PieceId p) {
  const char letter = kBugLetters[int(bugOf(p))];
  return colorOf(p) == Color::White ? letter : char(letter - 'A' + 'a');
}

std::string colorName(Color c) { return c == Color::White ? "White" : "Black"; }

std::string legend(const Diagram& d) {
  std::string out = statusText(d) + "\n";
  out += "upper case White, lower case Black; a digit is a stack's height";
  if (d.lastTo) out += d.lastFrom ? "; [ ] moved last, ( ) where from" : "; [ ] moved last";
  out += "\n";
  for (const auto& s : d.stacks)
    if (s.height() > 1) out += "stack " + s.name() + "\n";
  return out;
}

}  // namespace

std::string DiagramStack::name() const {
  std::string out;
  for (auto p = pieces.rbegin(); p != pieces.rend(); ++p) out += (out.empty() ? "" : " on ") + pieceName(*p);
  return out;
}

std::string statusText(const Diagram& d) {
  std::string line = "ply " + std::to_string(d.ply) + ", ";
  switch (d.state) {
    case GameState::WhiteWins: line += "White wins"; break;
    case GameState::BlackWins: line += "Black wins"; break;
    case GameState::Draw: line += "a draw"; break;
    default: line += colorName(d.toMove) + " to move"; break;
  }
  if (!d.lastMove.empty()) line += "; last move " + d.lastMove;
  return line;
}

std::string drawText(const Diagram& d, const TextStyle& style) {
  if (d.stacks.empty()) return "(empty board)\n" + (style.legend ? legend(d) : std::string());
  // The frame: every stack and the last move's origin, and one ring of cells around.
  std::vector<Axial> shown;
  for (const auto& s : d.stacks) shown.push_back(s.at);
  if (d.lastFrom) shown.push_back(*d.lastFrom);
  int minR = shown[0].r, maxR = minR, minX = doubledColumn(shown[0]), maxX = minX;
  for (Axial a : shown) {
    minR = std::min(minR, a.r), maxR = std::max(maxR, a.r);
    minX = std::min(minX, doubledColumn(a)), maxX = std::max(maxX, doubledColumn(a));
  }
  const int top = minR - 1, left = minX - 2;
  // A letter at its column, the optional [ or ( before it and a height and ] or ) after.
  const auto columnOf = [&](int x) { return kColumnWidth * (x - left) + 1; };
  Canvas canvas(maxR - minR + 3, columnOf(maxX + 2) + 3);

  for (int r = top; r <= maxR + 1; ++r) {
    for (int x = left; x <= maxX + 2; ++x) {
      if ((x - r) & 1) continue;  // not a cell: 2q + r has the parity of r
      const Axial at{(x - r) / 2, r};
      const int row = r - top, col = columnOf(x);
      const DiagramStack* stack = d.stackAt(at);
      int after = col + 1;  // where a closing mark goes
      if (stack) {
        const Ink ink = colorOf(stack->top()) == Color::White ? Ink::WhitePiece : Ink::BlackPiece;
        canvas.put(row, col, bugLetter(stack->top()), ink);
        if (stack->height() > 1)
          canvas.put(row, col + 1, stack->height() < 10 ? char('0' + stack->height()) : '+', ink);
        // In colour a tile is two characters wide, with or without a height.
        else if (style.color) canvas.put(row, col + 1, ' ', ink);
        if (stack->height() > 1 || style.color) after = col + 2;
      } else {
        canvas.put(row, col, '.', Ink::Dim);
      }
      const bool to = d.lastTo && *d.lastTo == at, from = d.lastFrom && *d.lastFrom == at;
      if (to || from) {
        canvas.put(row, col - 1, to ? '[' : '(', Ink::Mark);
        canvas.put(row, after, to ? ']' : ')', Ink::Mark);
      }
    }
  }
  return canvas.render(style.color) + (style.legend ? legend(d) : std::string());
}

}  // namespace apiary::query
