// The syntax of `apiary pattern`: a formation (cells and what each must hold) and a
// `where` condition over position features. Syntax only: what a side, a bug or a
// feature means on a board is the engine's and the query's business.
//
//   formation := cell (';' cell)* [';']
//   cell      := [place ':'] ('empty' | ['has'] piece ('on' piece)*)
//                top of the stack first; 'has': anywhere in the stack, not only at its top
//   place     := q ',' r  |  E | SE | SW | W | NW | NE          axial offset; none: 0,0
//   piece     := side [bug] | bug
//   side      := mine | theirs | white | black
//   bug       := Q S B G A M L P | queen ... pillbug | any | *
//
//   where     := and ('or' and)* ;  and := not ('and' not)*
//   not       := 'not' not | '(' where ')' | feature ['.' side] op integer
//   feature   := queen_neighbours | pinned | in_hand | on_top | mobility | ply
//   op        := < | <= | = | >= | >
// Words are read in any letter case.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/rejection.hpp"

namespace apiary::grammar::pattern {

enum class SideWord { Any, Mine, Theirs, White, Black };

struct PieceWord {
  SideWord side = SideWord::Any;
  char bug = '*';  // Q S B G A M L P, or '*' for any bug
};

struct CellWord {
  int q = 0, r = 0;
  bool empty = false;
  bool anywhere = false;         // "has": the pieces anywhere in the stack, not at its top
  std::vector<PieceWord> stack;  // top first: "B on Q" is {B, Q}
};

enum class FeatureWord { QueenNeighbours, Pinned, InHand, OnTop, Mobility, Ply };
enum class CompareWord { Less, LessEqual, Equal, GreaterEqual, Greater };

struct ComparisonWord {
  FeatureWord feature = FeatureWord::Ply;
  SideWord side = SideWord::Any;  // Any: none written
  CompareWord op = CompareWord::Equal;
  int value = 0;
};

// A boolean expression: a comparison, or And / Or of operands, or Not of one.
struct ConditionWord {
  enum class Kind { Compare, And, Or, Not } kind = Kind::Compare;
  ComparisonWord comparison;
  std::vector<ConditionWord> operands;
};

// The words read, or the refusal of the text: line 1, the 1-based column where
// reading stopped, and why.
OrRejection<std::vector<CellWord>> parseFormation(std::string_view text);
OrRejection<ConditionWord> parseWhere(std::string_view text);

std::string_view featureName(FeatureWord f);
std::string_view sideName(SideWord s);

}  // namespace apiary::grammar::pattern
