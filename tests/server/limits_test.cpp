// The limits of server/limits.hpp against a real server, each as a client meets it:
// a JSON 4xx past each bound on a request, Range refused on the API, pipelined
// requests answered in order, every method but GET and HEAD 405 with Allow, a NUL
// byte or a repeated parameter refused by name, a port in use refused at start.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "raw_client.hpp"
#include "server/limits.hpp"
#include "server_support.hpp"

using namespace apiary::test;
using nlohmann::json;
namespace limits = apiary::server::limits;

namespace {

std::string request(const std::string& target, const std::string& headers) {
  return "GET " + target + " HTTP/1.1\r\nHost: x\r\n" + headers + "Connection: close\r\n\r\n";
}

// A JSON error answer: its status, and its document.
json refusal(const RawAnswer& answer, int status) {
  INFO(answer.head << answer.body);
  CHECK(answer.status == status);
  CHECK(answer.has("Content-Type: application/json"));
  const json document = json::parse(answer.body, nullptr, false);
  CHECK(document.contains("error"));
  return document;
}

}  // namespace

TEST_CASE("Range on the API is refused with 416, never a multipart answer, and costs nothing") {
  ServerProcess server(servedDatabase());
  std::string ranges = "bytes=0-0";
  for (int i = 1; i < 2700; ++i) ranges += "," + std::to_string(i) + "-" + std::to_string(i);
  const long before = server.residentKiB();
  for (int i = 0; i < 40; ++i) {
    const RawAnswer answer = answerOf(server.port(), request("/api/explore", "Range: " + ranges + "\r\n"));
    CHECK(refusal(answer, 416)["parameter"] == "Range");
    CHECK_FALSE(answer.has("multipart"));
  }
  REQUIRE(server.alive());
  CHECK(server.residentKiB() < before + 32 * 1024);
  // The page's files ignore it and come whole.
  const RawAnswer page = answerOf(server.port(), request("/", "Range: bytes=0-10\r\n"));
  CHECK(page.status == 200);
  CHECK(page.body.size() > 11);
}

TEST_CASE("header count, header bytes, URL length and body are bounded, each answered with a JSON 4xx") {
  ServerProcess server(servedDatabase());
  const int port = server.port();
  std::string many;
  for (std::size_t i = 0; i <= limits::kMaxHeaderCount; ++i) many += "X-" + std::to_string(i) + ": a\r\n";
  refusal(answerOf(port, request("/health", many)), 431);
  // Small header lines without end: refused once past the bound, not read for ever.
  const long before = server.residentKiB();
  for (int client = 0; client < 4; ++client) {
    Connection flood(port);
    std::string lines;
    for (int i = 0; i < 20000; ++i) lines += "X: y\r\n";
    flood.send("GET /health HTTP/1.1\r\nHost: x\r\n");
    flood.send(lines);
    refusal(flood.answer(), 431);
  }
  CHECK(server.residentKiB() < before + 32 * 1024);
  refusal(answerOf(port, request("/health", "X-Big: " + std::string(limits::kMaxHeaderBytes, 'b') + "\r\n")), 431);
  refusal(answerOf(port, request("/api/explore?position=" + std::string(limits::kMaxUrlBytes + 100, 'w'), "")), 414);
  refusal(answerOf(port, request("/" + std::string(limits::kMaxHeaderBytes + 100, 'a'), "")), 414);
  // A body past the bound is refused from its Content-Length, at once.
  const auto start = std::chrono::steady_clock::now();
  refusal(answerOf(port, "GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000\r\n\r\nxyz"), 413);
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
  // Within the bounds, answered.
  CHECK(answerStatus(port, request("/health", "X-Fine: " + std::string(1000, 'f') + "\r\n")) == 200);
  REQUIRE(server.alive());
}

TEST_CASE("pipelined requests are all answered, in order, on one connection") {
  ServerProcess server(servedDatabase());
  Connection c(server.port());
  const std::string keep = " HTTP/1.1\r\nHost: x\r\n\r\n";
  c.send("GET /health" + keep + "GET /api/explore?limit=5&limit=5" + keep + "GET /api/notations" + keep +
         "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  const RawAnswer first = c.answer(), second = c.answer(), third = c.answer(), fourth = c.answer();
  CHECK(first.status == 200);
  CHECK(json::parse(first.body) == json{{"status", "ok"}});
  CHECK(refusal(second, 400)["parameter"] == "limit");
  CHECK(third.status == 200);
  CHECK(json::parse(third.body).contains("notations"));
  CHECK(fourth.status == 200);
  CHECK(c.closedByServer());
}

TEST_CASE("every method but GET and HEAD gets 405 with Allow, and HEAD gets GET's head without its body") {
  ServerProcess server(servedDatabase());
  for (const std::string method : {"TRACE", "CONNECT", "FOO", "POST", "DELETE", "OPTIONS", "PROPFIND"}) {
    INFO(method);
    const std::string target = method == "CONNECT" ? "127.0.0.1:80" : "/api/info";
    const RawAnswer answer =
        answerOf(server.port(), method + " " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    refusal(answer, 405);
    CHECK(answer.has("Allow: GET, HEAD"));
  }
  // The position's endpoints take a POSTed form, and only a form.
  const RawAnswer other = answerOf(server.port(),
                                   "POST /api/explore HTTP/1.1\r\nHost: x\r\nContent-Type: "
                                   "application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}");
  refusal(other, 415);
  const RawAnswer put = answerOf(server.port(), "PUT /api/explore HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  refusal(put, 405);
  CHECK(put.has("Allow: GET, HEAD, POST"));
  Connection c(server.port());
  c.send("HEAD /health HTTP/1.1\r\nHost: x\r\n\r\nGET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  const RawAnswer head = c.answer(true);
  CHECK(head.status == 200);
  CHECK(head.has("Content-Length: 15"));
  // The body was not sent: the next bytes are the next answer's.
  CHECK(c.status() == 200);
}

TEST_CASE("a NUL byte in a path or a parameter is refused naming the whole parameter, and so is a repeated one") {
  ServerProcess server(servedDatabase());
  const int port = server.port();
  const json game = refusal(answerOf(port, get("/api/games/3%00")), 400);
  CHECK(game["parameter"] == "game");  // the path's id names a game
  CHECK(game["error"].get<std::string>().find("'3%00'") != std::string::npos);
  const json player = refusal(answerOf(port, get("/api/player/ab%00cd")), 400);
  CHECK(player["parameter"] == "name");
  CHECK(player["error"].get<std::string>().find("'ab%00cd'") != std::string::npos);
  const json value = refusal(answerOf(port, get("/api/games?player=Ann%00Bob")), 400);
  CHECK(value["parameter"] == "player");
  CHECK(value["error"].get<std::string>().find("'Ann%00Bob'") != std::string::npos);
  CHECK(refusal(answerOf(port, get("/api/games?limit=5&limit=5")), 400)["parameter"] == "limit");
  CHECK(refusal(answerOf(port, get("/api/games?from-date=2020&from_date=2020")), 400)["parameter"] == "from_date");
}

TEST_CASE("serve refuses a port another server listens on, with a clear message and exit 2") {
  ServerProcess first(servedDatabase());
  // `timeout`: a second server that does start serves until it is killed (124).
  const std::string command = "timeout 20 " + std::string(serveBinary()) + " --db " + servedDatabase().string() +
                              " serve --port " + std::to_string(first.port()) + " 2>&1";
  FILE* second = popen(command.c_str(), "r");
  REQUIRE(second);
  std::string said;
  char buffer[512];
  while (const std::size_t n = fread(buffer, 1, sizeof buffer, second)) said.append(buffer, n);
  const int status = pclose(second);
  INFO(said);
  CHECK(WEXITSTATUS(status) == 2);
  CHECK(said.find("is in use") != std::string::npos);
  CHECK(answerStatus(first.port(), get("/health")) == 200);
}

TEST_CASE("a pattern query past its budget is stopped with 503 saying what to narrow") {
  ServerProcess hurried(servedDatabase(), {"--pattern-budget", "0.000001"});
  const std::string query = "/api/pattern?where=" + std::string("ply%20%3E%3D%202");
  const json stopped = refusal(answerOf(hurried.port(), get(query)), 503);
  CHECK(stopped["error"].get<std::string>().find("narrow it") != std::string::npos);
  ServerProcess patient(servedDatabase());
  CHECK(answerStatus(patient.port(), get(query)) == 200);
}
