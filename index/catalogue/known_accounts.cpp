#include "index/catalogue/known_accounts.hpp"

#include <sqlite3.h>

#include <array>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "index/catalogue/sqlite.hpp"
#include "index/catalogue/text_fold.hpp"

namespace apiary::index {

namespace {

// boardspace's robots (its client's list of robot players) and hivegame.com's
// AI accounts (the names its "play a bot" page challenges).
constexpr std::array<std::string_view, 13> kBoardspaceBots{
    "Dumbot",   "WeakBot",   "SmartBot",      "BestBot",   "PalaBot",   "MonteBot", "AlphaBot",
    "Neurobot", "RandomBot", "Pure Neurobot", "TestBot 1", "TestBot 2", "Automa"};
constexpr std::array<std::string_view, 3> kHivegameBots{"nokamute-easy", "nokamute-medium", "nokamute-hard"};

constexpr std::uintmax_t kMostListBytes = 1 << 20;

std::string_view trimmed(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

std::string readList(const std::filesystem::path& file) {
  std::error_code error;
  const auto size = std::filesystem::file_size(file, error);
  if (error) throw std::runtime_error(file.string() + ": cannot read: " + error.message());
  if (size > kMostListBytes)
    throw std::runtime_error(file.string() + ": larger than 1 MiB; a list of bot names is a few lines");
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  if (!in || !(text << in.rdbuf())) throw std::runtime_error(file.string() + ": cannot read");
  return text.str();
}

// Calls `add` with each name of `text`: separated by `separator`, trimmed, what
// follows a `#` on a line left out.
template <class Add>
void eachName(std::string_view text, char separator, Add add) {
  while (!text.empty()) {
    const auto end = text.find(separator);
    std::string_view item = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    if (const auto comment = item.find('#'); comment != std::string_view::npos) item = item.substr(0, comment);
    if (!trimmed(item).empty()) add(trimmed(item));
  }
}

// is_bot(name) or is_guest(name): 1 when the name is one, 0 otherwise and for NULL.
template <bool (KnownAccounts::*kIs)(std::string_view) const>
void accountFunction(sqlite3_context* context, int, sqlite3_value** arguments) {
  const auto* accounts = static_cast<const KnownAccounts*>(sqlite3_user_data(context));
  if (sqlite3_value_type(arguments[0]) == SQLITE_NULL) return sqlite3_result_int(context, 0);
  const auto* text = reinterpret_cast<const char*>(sqlite3_value_text(arguments[0]));
  sqlite3_result_int(context, (accounts->*kIs)({text, std::size_t(sqlite3_value_bytes(arguments[0]))}));
}

}  // namespace

std::span<const std::string_view> boardspaceBots() { return kBoardspaceBots; }
std::span<const std::string_view> hivegameBots() { return kHivegameBots; }

KnownAccounts::KnownAccounts() {
  for (std::string_view name : kBoardspaceBots) addBot(name);
  for (std::string_view name : kHivegameBots) addBot(name);
}

KnownAccounts KnownAccounts::forDatabase(const std::filesystem::path& dir) {
  KnownAccounts accounts;
  const auto add = [&](std::string_view name) { accounts.addBot(name); };
  const std::filesystem::path file = dir / kBotsFile;
  if (std::filesystem::exists(file)) eachName(readList(file), '\n', add);
  if (const char* extra = std::getenv(kBotsVariable)) eachName(extra, ',', add);
  return accounts;
}

void KnownAccounts::addBot(std::string_view name) { folded_.insert(foldCase(name)); }

bool KnownAccounts::isBot(std::string_view name) const { return folded_.contains(foldCase(name)); }

bool KnownAccounts::isGuest(std::string_view name) const { return foldCase(name) == kGuestAccount; }

void KnownAccounts::addFunctions(const Connection& db) const {
  auto* self = const_cast<KnownAccounts*>(this);  // SQLite's user data is not const; the functions only read
  for (const auto& [name, function] : {std::pair{"is_bot", &accountFunction<&KnownAccounts::isBot>},
                                       std::pair{"is_guest", &accountFunction<&KnownAccounts::isGuest>}}) {
    const int rc = sqlite3_create_function_v2(db.handle(), name, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, self, function,
                                              nullptr, nullptr, nullptr);
    if (rc != SQLITE_OK) throw SqliteError(std::string("cannot add ") + name + "(): " + sqlite3_errmsg(db.handle()));
  }
}

}  // namespace apiary::index
