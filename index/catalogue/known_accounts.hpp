// Players who are not people, or not anyone in particular: bot accounts and the
// anonymous guest account. Decided from a player's name when a query runs, not at
// ingest, so that a list extended later applies to the games already stored.
//
// The list: boardspace's robots and hivegame.com's AI accounts (compiled in, below),
// then the database folder's `bots.txt` (one name a line, `#` starts a comment),
// then $APIARY_BOTS (names separated by commas). Names compare by case fold
// (text_fold.hpp), as every name filter does.
#pragma once
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <unordered_set>

namespace apiary::index {

class Connection;

// boardspace.net's robot players, as its client names them (Dumbot, WeakBot, ...).
std::span<const std::string_view> boardspaceBots();
// hivegame.com's AI accounts (nokamute at three strengths).
std::span<const std::string_view> hivegameBots();
// boardspace's anonymous account.
inline constexpr std::string_view kGuestAccount = "guest";
// The file in a database folder that adds bot names.
inline constexpr std::string_view kBotsFile = "bots.txt";
// The environment variable that adds bot names.
inline constexpr const char* kBotsVariable = "APIARY_BOTS";

class KnownAccounts {
 public:
  // The compiled-in bots only.
  KnownAccounts();
  // The compiled-in bots, those of `<dir>/bots.txt` and those of $APIARY_BOTS.
  // Throws std::runtime_error naming the file when it exists but cannot be read,
  // or holds more than 1 MiB (a list of names is a few lines).
  static KnownAccounts forDatabase(const std::filesystem::path& dir);

  void addBot(std::string_view name);
  bool isBot(std::string_view name) const;
  bool isGuest(std::string_view name) const;
  std::size_t bots() const { return folded_.size(); }

  // Registers is_bot(name) and is_guest(name) (0 or 1; 0 for NULL) on the
  // connection. `this` must outlive the connection's statements.
  void addFunctions(const Connection& db) const;

 private:
  std::unordered_set<std::string> folded_;
};

}  // namespace apiary::index
