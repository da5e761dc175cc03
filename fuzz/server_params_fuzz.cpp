// The server's query-string parser, as a request's URL brings it: a bad query is
// a QueryError naming a parameter, and what it accepts stays within its bounds.
#include "fuzz/fuzz_support.hpp"
#include "query/error.hpp"
#include "server/params.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace apiary;
  try {
    const server::Params params = server::parseParams(fuzz::textOf(data, size));
    const query::PositionRequest& position = params.position;
    fuzz::require(position.position.size() <= server::kMaxPositionLength &&
                      position.moves.size() <= server::kMaxPositionLength && params.limit <= server::kMaxLimit &&
                      params.offset <= server::kMaxOffset,
                  "accepted parameters stay within their bounds");
    fuzz::require(!position.game || (*position.game > 0 && position.position.empty()),
                  "a game comes without a position text");
  } catch (const query::QueryError& e) {
    fuzz::require(e.kind() == query::ErrorKind::BadInput, "a bad query string is bad input");
  }
  return 0;
}
