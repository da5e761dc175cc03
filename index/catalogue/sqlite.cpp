#include "index/catalogue/sqlite.hpp"

#include <sqlite3.h>

namespace apiary::index {

namespace {

[[noreturn]] void fail(sqlite3* db, const std::string& what) {
  throw SqliteError(what + ": " + (db ? sqlite3_errmsg(db) : "out of memory"));
}

}  // namespace

Connection::Connection(const std::filesystem::path& file, bool readOnly) : readOnly_(readOnly) {
  const int flags =
      (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX;
  if (sqlite3_open_v2(file.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    const std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw SqliteError("cannot open " + file.string() + ": " + message);
  }
  // A reader waits for the writer's checkpoints rather than failing.
  sqlite3_busy_timeout(db_, 10000);
}

Connection::~Connection() { sqlite3_close(db_); }

void Connection::exec(const char* sql) {
  char* error = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
    const std::string message = error ? error : "unknown error";
    sqlite3_free(error);
    throw SqliteError(std::string("SQL failed: ") + message + " in: " + sql);
  }
}

int64_t Connection::changes() const { return sqlite3_changes64(db_); }

int64_t Connection::lastInsertRowid() const { return sqlite3_last_insert_rowid(db_); }

void Connection::releaseMemory() { sqlite3_db_release_memory(db_); }

Statement::Statement(const Connection& db, std::string_view sql) : db_(db) {
  if (sqlite3_prepare_v3(db.handle(), sql.data(), int(sql.size()), SQLITE_PREPARE_PERSISTENT, &stmt_, nullptr) !=
      SQLITE_OK)
    fail(db.handle(), "cannot prepare \"" + std::string(sql) + "\"");
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

void Statement::check(int rc) const {
  if (rc != SQLITE_OK) fail(db_.handle(), std::string("cannot bind in \"") + sqlite3_sql(stmt_) + "\"");
}

Statement& Statement::bind(int index, int64_t value) {
  check(sqlite3_bind_int64(stmt_, index, value));
  return *this;
}

Statement& Statement::bindText(int index, std::string_view text, bool copy) {
  check(sqlite3_bind_text64(stmt_, index, text.data(), text.size(), copy ? SQLITE_TRANSIENT : SQLITE_STATIC,
                            SQLITE_UTF8));
  return *this;
}

Statement& Statement::bindBytes(int index, std::span<const uint8_t> bytes, bool copy) {
  // A zero-length blob is still a blob, not NULL.
  static const uint8_t empty = 0;
  check(sqlite3_bind_blob64(stmt_, index, bytes.empty() ? &empty : bytes.data(), bytes.size(),
                            copy ? SQLITE_TRANSIENT : SQLITE_STATIC));
  return *this;
}

Statement& Statement::bindNull(int index) {
  check(sqlite3_bind_null(stmt_, index));
  return *this;
}

bool Statement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  const std::string sql = sqlite3_sql(stmt_);
  sqlite3_reset(stmt_);
  fail(db_.handle(), "\"" + sql + "\" failed");
}

void Statement::run() {
  while (step()) {
  }
  reset();
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

int64_t Statement::integer(int column) const { return sqlite3_column_int64(stmt_, column); }

std::string Statement::text(int column) const {
  const auto* p = sqlite3_column_text(stmt_, column);
  return p ? std::string(reinterpret_cast<const char*>(p), sqlite3_column_bytes(stmt_, column)) : std::string();
}

std::span<const uint8_t> Statement::blob(int column) const {
  const auto* p = static_cast<const uint8_t*>(sqlite3_column_blob(stmt_, column));
  return {p, p ? std::size_t(sqlite3_column_bytes(stmt_, column)) : 0};
}

bool Statement::isNull(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }

Transaction::Transaction(Connection& db, Kind kind) : db_(db) {
  db_.exec(kind == Kind::Write ? "BEGIN IMMEDIATE" : "BEGIN");
}

Transaction::~Transaction() {
  if (open_) sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
  db_.exec("COMMIT");
  open_ = false;
}

}  // namespace apiary::index
