// BoardSpace `.sgf` written in the dialect of its recent files: a header node of
// properties, one node a line for every user-interface event of a turn, and a
// closing node with the players' clocks.
#include <string>
#include <string_view>

#include "grammar/sgf.hpp"

namespace apiary::grammar {
namespace {

// SGF escapes `]` and `\` with a backslash (so the reference `\wQ` is `\\wQ`).
std::string escaped(std::string_view value) {
  std::string out;
  for (char c : value) {
    if (c == ']' || c == '\\') out += '\\';
    out += (c == '\n' || c == '\r') ? ' ' : c;
  }
  return out;
}

// BoardSpace's reserve rows, one per bug in the order of its piece types.
int reserveRow(char bug) {
  switch (bug) {
    case 'Q': return 0;
    case 'A': return 1;
    case 'G': return 2;
    case 'B': return 3;
    case 'S': return 4;
    case 'M': return 5;
    case 'L': return 6;
    case 'P': return 8;
    default: return 0;
  }
}

// BoardSpace numbers the unique bugs (`wM1`) in piece tokens, not in references.
std::string pieceToken(const std::string& piece) {
  if (piece.size() == 2 && piece[1] != 'Q') return piece + "1";
  return piece;
}

class NodeWriter {
 public:
  explicit NodeWriter(std::string& out) : out_(out) {}
  void node(int player, std::string_view command) {
    out_ += "; P" + std::to_string(player) + "[" + std::to_string(next_++) + " " + escaped(command) + "]\n";
  }

 private:
  std::string& out_;
  int next_ = 0;
};

void writeHeader(const std::vector<Tag>& tags, std::string& out) {
  for (const Tag& tag : tags) {
    const std::string_view name = tag.name;
    if (name == "P0 time" || name == "P1 time") continue;
    if (name == "P0" || name == "P1") out += tag.name + "[id \"" + escaped(tag.value) + "\"]\n";
    else if (name.size() > 3 && (name.starts_with("P0 ") || name.starts_with("P1 ")))
      out += tag.name.substr(0, 2) + "[" + escaped(name.substr(3)) + " " + escaped(tag.value) + "]\n";
    else out += tag.name + "[" + escaped(tag.value) + "]\n";
  }
}

void writeTurn(const SgfTurnToWrite& written, NodeWriter& nodes) {
  const SgfTurn& turn = written.turn;
  if (turn.kind == SgfTurnKind::Pass) {
    nodes.node(turn.player, "pass");
    nodes.node(turn.player, "done");
    return;
  }
  if (turn.kind != SgfTurnKind::Piece) return;
  const std::string piece = pieceToken(turn.piece);
  const std::string place = turn.col + " " + std::to_string(turn.row);
  if (written.fromCol.empty()) {
    const char color = turn.piece.front() == 'b' ? 'B' : 'W';
    nodes.node(turn.player,
               std::string("pick ") + color + " " + std::to_string(reserveRow(turn.piece[1])) + " " + piece);
  } else {
    nodes.node(turn.player, "pickb " + written.fromCol + " " + std::to_string(written.fromRow) + " " + piece);
  }
  const std::string hint = turn.hint.empty() ? "." : turn.hint;
  nodes.node(turn.player, (turn.pillbugAssisted ? "pdropb " : "dropb ") + piece + " " + place + " " + hint);
  nodes.node(turn.player, "done");
}

}  // namespace

std::string writeSgf(const std::vector<Tag>& tags, const std::vector<SgfTurnToWrite>& turns) {
  std::string out = "(;\n";
  writeHeader(tags, out);
  NodeWriter nodes(out);
  const int starter = turns.empty() ? 0 : turns.front().turn.player;
  nodes.node(starter, "Start P" + std::to_string(starter));
  for (const auto& turn : turns) writeTurn(turn, nodes);
  std::string clocks;
  for (const Tag& tag : tags)
    if (tag.name == "P0 time" || tag.name == "P1 time")
      clocks += tag.name.substr(0, 2) + "[time " + escaped(tag.value) + " ]\n";
  if (!clocks.empty()) out += ";\n" + clocks;
  out += ")\n";
  return out;
}

}  // namespace apiary::grammar
