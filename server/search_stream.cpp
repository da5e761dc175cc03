#include "server/search_stream.hpp"

#include <memory>

#include "query/json.hpp"
#include "query/json_text.hpp"
#include "query/search.hpp"
#include "query/session.hpp"
#include "query/position_request.hpp"

namespace apiary::server {

namespace {

constexpr uint64_t kPage = 500;

struct Stream {
  Stream(const std::filesystem::path& db, const Params& p)
      : session(db), kept(session.kept(p.filter)), position(query::readPosition(p.position, &session.catalogue())), params(p) {}
  query::ReadSession session;
  query::KeptGames* kept;  // owned by the session
  Board position;
  Params params;
  uint64_t offset = 0;
};

}  // namespace

void streamSearch(const std::filesystem::path& db, const Params& params, httplib::Response& res) {
  auto stream = std::make_shared<Stream>(db, params);
  // A position string has no move order: refuse --same-order before the first line.
  query::search(stream->session.db(), stream->session.catalogue(), stream->position,
                {0, 0, params.oldestFirst, params.sameOrder, stream->kept});
  res.set_chunked_content_provider("application/x-ndjson", [stream](std::size_t, httplib::DataSink& sink) {
    const query::SearchOptions page{stream->offset, kPage, stream->params.oldestFirst, stream->params.sameOrder,
                                    stream->kept};
    const query::SearchResult result =
        query::search(stream->session.db(), stream->session.catalogue(), stream->position, page);
    std::string lines;
    for (const auto& hit : result.games)
      lines += query::jsonText(query::searchHitJson(hit)) + "\n";
    stream->offset += result.games.size();
    if (!lines.empty() && !sink.write(lines.data(), lines.size())) return false;
    if (result.games.size() < kPage) sink.done();
    return true;
  });
}

}  // namespace apiary::server
