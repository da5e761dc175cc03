#include "grammar/pattern.hpp"

#include <boost/spirit/home/x3.hpp>
#include <tuple>

namespace apiary::grammar::pattern {
namespace {

namespace x3 = boost::spirit::x3;
using x3::_attr;
using x3::_val;
using It = std::string_view::const_iterator;

// A word ends where no letter, digit or underscore follows: "a" is not "any".
const auto wordEnd = !(x3::ascii::alnum | x3::lit('_'));
auto word(const char* w) { return x3::lexeme[x3::no_case[x3::lit(w)] >> wordEnd]; }
template <class Symbols>
auto oneOf(const Symbols& s) {
  return x3::lexeme[x3::no_case[s] >> wordEnd];
}

struct Sides : x3::symbols<SideWord> {
  Sides() {
    add("mine", SideWord::Mine)("theirs", SideWord::Theirs)("white", SideWord::White)("black", SideWord::Black);
  }
} const sides;

struct Bugs : x3::symbols<char> {
  Bugs() {
    add("q", 'Q')("s", 'S')("b", 'B')("g", 'G')("a", 'A')("m", 'M')("l", 'L')("p", 'P')("any", '*');
    add("queen", 'Q')("spider", 'S')("beetle", 'B')("grasshopper", 'G')("ant", 'A')("mosquito", 'M')("ladybug", 'L')(
        "pillbug", 'P');
  }
} const bugs;

// The six neighbours of 0,0 as axial offsets, by their compass names.
struct Directions : x3::symbols<std::pair<int, int>> {
  Directions() { add("e", {1, 0})("se", {0, 1})("sw", {-1, 1})("w", {-1, 0})("nw", {0, -1})("ne", {1, -1}); }
} const directions;

struct Features : x3::symbols<FeatureWord> {
  Features() {
    add("queen_neighbours", FeatureWord::QueenNeighbours)("queen_neighbors", FeatureWord::QueenNeighbours)(
        "pinned", FeatureWord::Pinned)("in_hand", FeatureWord::InHand)("on_top", FeatureWord::OnTop)(
        "mobility", FeatureWord::Mobility)("ply", FeatureWord::Ply);
  }
} const features;

struct Comparisons : x3::symbols<CompareWord> {
  Comparisons() {
    add("<", CompareWord::Less)("<=", CompareWord::LessEqual)("=", CompareWord::Equal)("==", CompareWord::Equal)(
        ">=", CompareWord::GreaterEqual)(">", CompareWord::Greater);
  }
} const comparisons;

// --- the formation ---
const auto setSide = [](auto& ctx) { _val(ctx).side = _attr(ctx); };
const auto setBug = [](auto& ctx) { _val(ctx).bug = _attr(ctx); };
const auto setPlace = [](auto& ctx) {
  _val(ctx).q = boost::fusion::at_c<0>(_attr(ctx));
  _val(ctx).r = boost::fusion::at_c<1>(_attr(ctx));
};
const auto setDirection = [](auto& ctx) { std::tie(_val(ctx).q, _val(ctx).r) = _attr(ctx); };
const auto setEmpty = [](auto& ctx) { _val(ctx).empty = true; };
const auto setAnywhere = [](auto& ctx) { _val(ctx).anywhere = true; };
const auto pushPiece = [](auto& ctx) { _val(ctx).stack.push_back(_attr(ctx)); };
const auto takeContent = [](auto& ctx) {
  _val(ctx).empty = _attr(ctx).empty;
  _val(ctx).anywhere = _attr(ctx).anywhere;
  _val(ctx).stack = std::move(_attr(ctx).stack);
};
const auto pushCell = [](auto& ctx) { _val(ctx).push_back(_attr(ctx)); };

const x3::rule<class PieceRule, PieceWord> piece = "a piece (mine, theirs, white, black, a bug or any)";
const x3::rule<class ContentRule, CellWord> content = "what the cell holds: empty, or pieces such as 'B on mine Q'";
const x3::rule<class CellRule, CellWord> cell = "a cell";
const x3::rule<class FormationRule, std::vector<CellWord>> formation = "a formation";

const x3::rule<class BugRule, char> bug = "a bug";
const auto bug_def = oneOf(bugs) | x3::lit('*') >> x3::attr('*');
const auto piece_def = (oneOf(sides)[setSide] >> -bug[setBug]) | bug[setBug];
const auto place = (x3::int_ >> ',' >> x3::int_)[setPlace] | oneOf(directions)[setDirection];
const auto content_def =
    word("empty")[setEmpty] | (-word("has")[setAnywhere] >> piece[pushPiece] >> *((word("on") > piece)[pushPiece]));
const auto cell_def = (x3::omit[place >> ':'] > content)[takeContent] | content[takeContent];
const auto formation_def = cell[pushCell] >> *(';' >> cell[pushCell]) >> -x3::lit(';');
BOOST_SPIRIT_DEFINE(bug, piece, content, cell, formation)

// --- the where expression ---
ConditionWord joined(ConditionWord::Kind kind, ConditionWord left, ConditionWord right) {
  ConditionWord out{kind, {}, {}};
  out.operands.push_back(std::move(left));
  out.operands.push_back(std::move(right));
  return out;
}
const auto assign = [](auto& ctx) { _val(ctx) = _attr(ctx); };
const auto joinOr = [](auto& ctx) { _val(ctx) = joined(ConditionWord::Kind::Or, std::move(_val(ctx)), _attr(ctx)); };
const auto joinAnd = [](auto& ctx) { _val(ctx) = joined(ConditionWord::Kind::And, std::move(_val(ctx)), _attr(ctx)); };
const auto negate = [](auto& ctx) {
  ConditionWord out{ConditionWord::Kind::Not, {}, {}};
  out.operands.push_back(_attr(ctx));
  _val(ctx) = std::move(out);
};
const auto wrap = [](auto& ctx) { _val(ctx) = ConditionWord{ConditionWord::Kind::Compare, _attr(ctx), {}}; };
const auto makeComparison = [](auto& ctx) {
  using boost::fusion::at_c;
  const auto& a = _attr(ctx);
  _val(ctx) = ComparisonWord{at_c<0>(a), at_c<1>(a).value_or(SideWord::Any), at_c<2>(a), at_c<3>(a)};
};

const x3::rule<class WhereRule, ConditionWord> where = "an expression";
const x3::rule<class ConjunctionRule, ConditionWord> conjunction = "an expression";
const x3::rule<class UnaryRule, ConditionWord> unary = "a comparison, 'not' or '('";
const x3::rule<class ComparisonRule, ComparisonWord> comparison = "a comparison";
const x3::rule<class FeatureRule, FeatureWord> feature =
    "a feature (queen_neighbours, pinned, in_hand, on_top, mobility, ply)";
const x3::rule<class SideRule, SideWord> side = "a side (white, black, mine, theirs)";
const x3::rule<class OperatorRule, CompareWord> comparator = "a comparison (<, <=, =, >=, >)";
const x3::rule<class NumberRule, int> number = "a number";

const auto feature_def = oneOf(features);
const auto side_def = oneOf(sides);
const auto comparator_def = comparisons;
const auto number_def = x3::int_;
const auto where_def = conjunction[assign] >> *((word("or") > conjunction)[joinOr]);
const auto conjunction_def = unary[assign] >> *((word("and") > unary)[joinAnd]);
const auto unary_def = (word("not") > unary)[negate] | ('(' > where > ')')[assign] | comparison[wrap];
const auto comparison_def = (feature > -('.' > side) > comparator > number)[makeComparison];
BOOST_SPIRIT_DEFINE(where, conjunction, unary, comparison, feature, side, comparator, number)

template <class Result, class Rule>
OrRejection<Result> parseAll(std::string_view text, const Rule& rule, const char* what) {
  It it = text.begin();
  Result out{};
  auto refused = [](It at, std::string_view whole, std::string why) -> OrRejection<Result> {
    return {{}, rejectionAt(1, int(at - whole.begin()) + 1, 0, std::move(why))};
  };
  try {
    const bool read = x3::phrase_parse(it, text.end(), rule, x3::ascii::space, out);
    if (read && it == text.end()) return {std::move(out), {}};
    if (!read) return refused(text.begin(), text, std::string("cannot read ") + what);
    return refused(it, text, "unexpected '" + std::string(it, text.end()) + "'");
  } catch (const x3::expectation_failure<It>& e) {
    It where = e.where();  // before the blanks the skipper would take
    while (where != text.end() && (*where == ' ' || *where == '\t' || *where == '\n' || *where == '\r')) ++where;
    const std::string rest(where, text.end());
    return refused(where, text, "expected " + e.which() + (rest.empty() ? " at the end" : ", not '" + rest + "'"));
  }
}

}  // namespace

OrRejection<std::vector<CellWord>> parseFormation(std::string_view text) {
  return parseAll<std::vector<CellWord>>(text, formation, "a formation");
}

OrRejection<ConditionWord> parseWhere(std::string_view text) {
  return parseAll<ConditionWord>(text, where, "an expression");
}

std::string_view featureName(FeatureWord f) {
  switch (f) {
    case FeatureWord::QueenNeighbours: return "queen_neighbours";
    case FeatureWord::Pinned: return "pinned";
    case FeatureWord::InHand: return "in_hand";
    case FeatureWord::OnTop: return "on_top";
    case FeatureWord::Mobility: return "mobility";
    case FeatureWord::Ply: return "ply";
  }
  return "?";
}

std::string_view sideName(SideWord s) {
  switch (s) {
    case SideWord::Mine: return "mine";
    case SideWord::Theirs: return "theirs";
    case SideWord::White: return "white";
    case SideWord::Black: return "black";
    case SideWord::Any: return "any";
  }
  return "?";
}

}  // namespace apiary::grammar::pattern
