// A thin RAII layer over SQLite: a connection, prepared statements with bound
// parameters (the only way the index passes values to SQL), and transactions that
// roll back unless committed. Errors throw SqliteError with SQLite's message.
#pragma once
#include <cstdint>
#include <filesystem>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace apiary::index {

class SqliteError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Connection {
 public:
  Connection(const std::filesystem::path& file, bool readOnly);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // For schema and pragmas: statements without values.
  void exec(const char* sql);
  int64_t changes() const;
  int64_t lastInsertRowid() const;
  void releaseMemory();  // SQLite's page cache
  sqlite3* handle() const { return db_; }
  bool readOnly() const { return readOnly_; }

 private:
  sqlite3* db_ = nullptr;
  bool readOnly_;
};

class Statement {
 public:
  Statement(const Connection& db, std::string_view sql);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Parameters are numbered from 1, as in SQL's ?1.
  Statement& bind(int index, int64_t value);
  Statement& bind(int index, std::string_view text) { return bindText(index, text, true); }
  Statement& bindBlob(int index, std::span<const uint8_t> bytes) { return bindBytes(index, bytes, true); }
  // Without the copy: the bytes must stay as they are until the statement is reset
  // (run() resets), for the writer's hot inserts.
  Statement& bindUnowned(int index, std::string_view text) { return bindText(index, text, false); }
  Statement& bindUnownedBlob(int index, std::span<const uint8_t> bytes) { return bindBytes(index, bytes, false); }
  Statement& bindNull(int index);
  // Binds the values to ?1, ?2, ... in order.
  template <class... Values>
  Statement& bindAll(const Values&... values) {
    int index = 0;
    (bindOne(++index, values), ...);
    return *this;
  }

  bool step();   // true when a row is ready
  void run();    // steps to the end, for statements without rows
  void reset();  // ready to run again, bindings cleared

  int64_t integer(int column) const;
  std::string text(int column) const;
  std::span<const uint8_t> blob(int column) const;
  bool isNull(int column) const;

 private:
  void bindOne(int index, int64_t v) { bind(index, v); }
  void bindOne(int index, int v) { bind(index, int64_t(v)); }
  void bindOne(int index, uint32_t v) { bind(index, int64_t(v)); }
  void bindOne(int index, uint64_t v) { bind(index, int64_t(v)); }
  void bindOne(int index, std::string_view v) { bind(index, v); }
  void bindOne(int index, const std::string& v) { bind(index, std::string_view(v)); }
  void bindOne(int index, const char* v) { bind(index, std::string_view(v)); }
  void check(int rc) const;
  Statement& bindText(int index, std::string_view text, bool copy);
  Statement& bindBytes(int index, std::span<const uint8_t> bytes, bool copy);

  const Connection& db_;
  sqlite3_stmt* stmt_ = nullptr;
};

// A cached statement on loan, reset when the loan ends: a statement left mid-way
// keeps its read transaction open, which stops a COMMIT and pins a reader to an
// old snapshot of the catalogue.
class StatementLease {
 public:
  explicit StatementLease(Statement& s) : s_(s) {}
  ~StatementLease() { s_.reset(); }
  StatementLease(const StatementLease&) = delete;
  StatementLease& operator=(const StatementLease&) = delete;
  Statement* operator->() const { return &s_; }
  Statement& operator*() const { return s_; }

 private:
  Statement& s_;
};

// BEGIN IMMEDIATE (the writer's lock up front) or a deferred read transaction,
// rolled back on destruction unless committed.
class Transaction {
 public:
  enum class Kind { Read, Write };
  Transaction(Connection& db, Kind kind);
  ~Transaction();
  void commit();

 private:
  Connection& db_;
  bool open_ = true;
};

}  // namespace apiary::index
