// GET /api/notations: the notation table (query/json.hpp), so that a page offers
// the notations this server knows instead of a list of its own.
#include "query/json.hpp"
#include "server/handlers.hpp"

namespace apiary::server {

Reply notationsReply() { return Reply::json(query::notationsJson()); }

}  // namespace apiary::server
