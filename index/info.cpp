#include "index/info.hpp"

#include <nlohmann/json.hpp>

namespace apiary::index {

void to_json(nlohmann::json& j, const Info& info) {
  j = nlohmann::json{{"games", info.games},
                     {"positions", info.positions},
                     {"bytes", info.bytes},
                     {"postings", info.postings},
                     {"catalogue_bytes", info.catalogueBytes},
                     {"position_bytes", info.positionBytes},
                     {"batches", info.batches},
                     {"sources", info.sources},
                     {"rejected", info.rejected},
                     {"repaired", info.repaired},
                     {"games_by_type", info.gamesByType},
                     {"notations", info.notations},
                     {"newest_date", info.newestDate.empty() ? nlohmann::json(nullptr) : nlohmann::json(info.newestDate)}};
  j["synced"] = nlohmann::json::array();
  for (const SourceSync& s : info.synced)
    j["synced"].push_back({{"source", s.source}, {"last_synced", s.lastSynced}, {"files", s.files}});
}

}  // namespace apiary::index
