// What the sniffers and the detection driver share: a whole-token match.
#pragma once
#include <boost/spirit/home/x3.hpp>
#include <string_view>

namespace apiary::grammar::shapes {

// Inlined into each sniffer: called per token and per sniffer, a call costs as
// much as the match.
template <class Parser>
[[gnu::always_inline]] inline bool whole(std::string_view s, const Parser& p) {
  const char* it = s.data();
  return boost::spirit::x3::parse(it, s.data() + s.size(), p >> boost::spirit::x3::eoi);
}

}  // namespace apiary::grammar::shapes
