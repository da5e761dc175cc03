// The server's query-string parser, as a request's URL brings it: a bad query is
// a QueryError naming a parameter, and what it accepts stays within its bounds.
#include "fuzz/fuzz_support.hpp"
#include "query/error.hpp"
#include "server/params.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace apiary;
  try {
    const server::Params params = server::parseParams(fuzz::textOf(data, size));
    fuzz::require(params.position.size() <= server::kMaxPositionLength && params.limit <= server::kMaxLimit &&
                      params.offset <= server::kMaxOffset,
                  "accepted parameters stay within their bounds");
    fuzz::require((!params.ply || params.game) && (!params.game || (*params.game > 0 && params.position.empty())),
                  "a ply comes with a game, a game without a position");
  } catch (const query::QueryError& e) {
    fuzz::require(e.kind() == query::ErrorKind::BadInput, "a bad query string is bad input");
  }
  return 0;
}
