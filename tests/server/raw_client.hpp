// For the server's tests: a client over a raw loopback socket, which sends exactly
// the bytes it is given (half a request, a pipeline, a crafted header) and reads
// answers one at a time.
#pragma once
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cerrno>
#include <string>
#include <string_view>

namespace apiary::test {

// Long enough for any answer the server owes, on a loaded machine too: a client
// that waits longer than this has met a hang.
inline constexpr int kHangMs = 30000;

struct RawAnswer {
  int status = 0;  // 0: the server closed without an answer
  std::string head, body;
  bool has(std::string_view header) const { return head.find(header) != std::string::npos; }
};

class Connection {
 public:
  // `receiveBuffer`: SO_RCVBUF before connecting (0: the system's).
  explicit Connection(int port, int timeoutMs = kHangMs, int receiveBuffer = 0) : fd_(socket(AF_INET, SOCK_STREAM, 0)) {
    REQUIRE(fd_ >= 0);
    timeval timeout{timeoutMs / 1000, (timeoutMs % 1000) * 1000};
    setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    setsockopt(fd_, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
    if (receiveBuffer) setsockopt(fd_, SOL_SOCKET, SO_RCVBUF, &receiveBuffer, sizeof receiveBuffer);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(uint16_t(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    REQUIRE(connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
  }
  ~Connection() { close(fd_); }
  Connection(const Connection&) = delete;

  void send(std::string_view bytes) {
    while (!bytes.empty()) {
      const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
      if (n <= 0) return;  // the server may close on a request it refuses
      bytes.remove_prefix(std::size_t(n));
    }
  }
  // The status of the next answer, 0 when the server closed without one.
  int status() { return answer().status; }
  // The next answer, its body read by Content-Length (answers here are not chunked);
  // an answer to HEAD has none.
  RawAnswer answer(bool toHead = false) {
    RawAnswer out;
    std::size_t end;
    while ((end = pending_.find("\r\n\r\n")) == std::string::npos)
      if (!fill()) return out;
    out.head = pending_.substr(0, end + 2);
    pending_.erase(0, end + 4);
    if (out.head.rfind("HTTP/1.", 0) != 0 || out.head.size() < 12) {
      out.status = -1;
      return out;
    }
    out.status = std::stoi(out.head.substr(9, 3));
    const auto length = out.head.find("Content-Length: ");
    const std::size_t size = length == std::string::npos || toHead ? 0 : std::stoul(out.head.substr(length + 16));
    while (pending_.size() < size)
      if (!fill()) break;
    out.body = pending_.substr(0, size);
    pending_.erase(0, std::min(size, pending_.size()));
    return out;
  }
  // The server has neither answered nor closed the connection yet.
  bool pending() {
    char byte;
    return recv(fd_, &byte, 1, MSG_PEEK | MSG_DONTWAIT) < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
  }
  // The server closed the connection (after any answer already read).
  bool closedByServer() {
    char byte;
    return pending_.empty() && recv(fd_, &byte, 1, 0) == 0;
  }

 private:
  bool fill() {
    char buffer[4096];
    const ssize_t n = recv(fd_, buffer, sizeof buffer, 0);
    if (n <= 0) return false;
    pending_.append(buffer, std::size_t(n));
    return true;
  }
  int fd_;
  std::string pending_;
};

inline int answerStatus(int port, std::string_view request) {
  Connection c(port);
  c.send(request);
  return c.status();
}

inline RawAnswer answerOf(int port, std::string_view request) {
  Connection c(port);
  c.send(request);
  return c.answer();
}

inline std::string get(const std::string& target) {
  return "GET " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
}

}  // namespace apiary::test
