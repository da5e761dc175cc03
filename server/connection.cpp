#include "server/connection.hpp"

#include <malloc.h>

#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <optional>
#include <string>

#include "server/errors.hpp"
#include "server/limits.hpp"

namespace apiary::server {

namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using net::ip::tcp;

using Response = http::response<http::string_body>;

// Counts a connection or a stream for as long as it lives.
class Counted {
 public:
  explicit Counted(std::atomic<std::size_t>& count) : count_(&count) { count_->fetch_add(1); }
  Counted(const Counted&) = delete;
  ~Counted() { count_->fetch_sub(1); }

 private:
  std::atomic<std::size_t>* count_;
};

// A header past its limit: the request line (414) or the fields (431). The parser
// takes the request line out of the buffer once it is whole, so a buffer that
// still starts with one (a space before any colon, no line end) holds a URL too long.
int headerLimitStatus(const beast::flat_buffer& buffer) {
  const std::string_view left(static_cast<const char*>(buffer.data().data()), buffer.size());
  const auto space = left.find(' '), colon = left.find(':');
  const bool requestLine = space != std::string_view::npos && (colon == std::string_view::npos || space < colon);
  return requestLine && left.find("\r\n") == std::string_view::npos ? 414 : 431;
}

// The parser refused what the client sent (not: the client closed, or went quiet).
bool isMalformed(const beast::error_code& ec) {
  return ec && ec.category() == make_error_code(http::error::bad_target).category() &&
         ec != http::error::end_of_stream && ec != http::error::partial_message && ec != http::error::need_more;
}

class Connection : public std::enable_shared_from_this<Connection> {
  Backend& backend_;

 public:
  Connection(tcp::socket socket, Backend& backend)
      : backend_(backend),
        trim_{backend.connections},
        stream_(std::move(socket)),
        buffer_(limits::kMaxHeaderBytes + limits::kMaxBodyBytes),
        counted_(backend.connections) {}

  void nextRequest() {
    if (buffer_.size() > 0) return readRequest();  // pipelined: already here
    // An idle connection holds no buffer while it waits for a first byte.
    if (buffer_.capacity() > 4096) buffer_.shrink_to_fit();
    stream_.expires_after(limits::kIdleTimeout);
    stream_.async_read_some(buffer_.prepare(1024), [self = shared_from_this()](beast::error_code ec, std::size_t n) {
      if (ec) return;  // closed, or idle too long: the connection ends
      self->buffer_.commit(n);
      self->readRequest();
    });
  }

 private:
  void readRequest() {
    parser_.emplace();
    parser_->header_limit(limits::kMaxHeaderBytes);
    parser_->body_limit(limits::kMaxBodyBytes);
    stream_.expires_after(limits::kRequestDeadline);
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, std::size_t) { self->onRead(ec); });
  }

  void onRead(beast::error_code ec) {
    keepAlive_ = false;
    if (ec == http::error::header_limit) {
      const int status = headerLimitStatus(buffer_);
      return refuse(status, status == 414
                                ? "the URL is longer than " + std::to_string(limits::kMaxUrlBytes) + " bytes"
                                : "the header is longer than " + std::to_string(limits::kMaxHeaderBytes) + " bytes");
    }
    if (ec == http::error::body_limit)
      return refuse(413, "a request's body is at most " + std::to_string(limits::kMaxBodyBytes) + " bytes");
    if (isMalformed(ec)) return refuse(400, "a malformed request: " + ec.message());
    if (ec) return;  // closed, reset or too slow: no one to answer
    const auto& message = parser_->get();
    version_ = message.version();
    head_ = message.method() == http::verb::head;
    keepAlive_ = message.keep_alive();
    if (std::size_t(std::distance(message.begin(), message.end())) > limits::kMaxHeaderCount)
      return refuse(431, "more than " + std::to_string(limits::kMaxHeaderCount) + " header fields");
    if (message.target().size() > limits::kMaxUrlBytes)
      return refuse(414, "the URL is longer than " + std::to_string(limits::kMaxUrlBytes) + " bytes");
    Request request{std::string(message.method_string()),
                    std::string(message.target()),
                    std::string(message[http::field::accept]),
                    std::string(message[http::field::if_none_match]),
                    message.find(http::field::range) != message.end(),
                    std::string(message[http::field::content_type]),
                    message.body()};
    parser_.reset();
    dispatch(std::move(request));
  }

  // Computes the answer on its route's lane and sends it from the connection's strand.
  void dispatch(Request request) {
    const Lane lane = backend_.router.laneOf(request);
    if (lane == Lane::Inline || lane == Lane::Quick) return send(backend_.router.answer(request));
    auto work = [self = shared_from_this(), request = std::move(request)] {
      auto answer = std::make_shared<Answer>(self->backend_.router.answer(request));
      net::post(self->stream_.get_executor(), [self, answer] { self->send(std::move(*answer)); });
    };
    if (lane == Lane::Database) return net::post(backend_.database, std::move(work));
    if (!backend_.patterns.tryRun(std::move(work))) {
      Answer busy{errorReply(503, "every pattern query thread is busy: try again in a few seconds"), nullptr};
      busy.reply.headers.emplace_back("Retry-After", "5");
      send(std::move(busy));
    }
  }

  void refuse(int status, const std::string& message) {
    keepAlive_ = false;
    send({errorReply(status, message), nullptr});
  }

  void send(Answer answer) {
    if (answer.stream && answer.reply.status == 200 && !head_) {
      if (version_ < 11) return refuse(400, "the NDJSON stream is sent chunked: it needs HTTP/1.1");
      if (backend_.streams.load() >= limits::kMaxStreams)
        return send({errorReply(503, "too many search streams open: try again later"), nullptr});
      return startStream(std::move(answer));
    }
    auto response = std::make_shared<Response>(http::status(answer.reply.status), version_);
    fillHeader(*response, answer.reply);
    if (answer.reply.status != 304) {
      response->body() = std::move(answer.reply.body);
      response->prepare_payload();
      if (head_) response->body().clear();  // the length of the body a GET gets, and none
    }
    stream_.expires_after(limits::kWriteTimeout);
    http::async_write(stream_, *response, [self = shared_from_this(), response](beast::error_code ec, std::size_t) {
      self->onWritten(ec, response->need_eof());
    });
  }

  template <class Message>
  void fillHeader(Message& message, const Reply& reply) {
    message.set(http::field::content_type, reply.contentType);
    for (const auto& [name, value] : reply.headers) message.insert(name, value);
    message.keep_alive(keepAlive_);
  }

  void onWritten(beast::error_code ec, bool close) {
    if (ec) return;
    if (close) {
      stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
      return;
    }
    nextRequest();
  }

  // A stream: the header, then a page a chunk, each computed when the last was
  // written, so a client that does not read holds one page until the write timeout.
  void startStream(Answer answer) {
    auto head = std::make_shared<http::response<http::empty_body>>(http::status::ok, version_);
    fillHeader(*head, answer.reply);
    head->chunked(true);
    auto serializer = std::make_shared<http::response_serializer<http::empty_body>>(*head);
    auto stream = std::make_shared<Stream>(std::move(answer.stream), backend_.streams);
    stream_.expires_after(limits::kWriteTimeout);
    http::async_write_header(stream_, *serializer,
                             [self = shared_from_this(), head, serializer, stream](beast::error_code ec, std::size_t) {
                               if (!ec) self->nextPage(stream);
                             });
  }

  struct Stream {
    Stream(std::unique_ptr<SearchStream> s, std::atomic<std::size_t>& count) : search(std::move(s)), counted(count) {}
    std::unique_ptr<SearchStream> search;
    Counted counted;
    std::string page;
  };

  void nextPage(std::shared_ptr<Stream> stream) {
    net::post(backend_.database, [self = shared_from_this(), stream] {
      try {
        stream->page = stream->search->nextPage();
      } catch (const std::exception&) {
        return;  // the database could not be read: the stream ends unfinished
      }
      net::post(self->stream_.get_executor(), [self, stream] { self->writePage(stream); });
    });
  }

  void writePage(std::shared_ptr<Stream> stream) {
    stream_.expires_after(limits::kWriteTimeout);
    if (stream->page.empty()) {
      return net::async_write(stream_, http::make_chunk_last(),
                              [self = shared_from_this(), stream](beast::error_code ec, std::size_t) {
                                self->onWritten(ec, !self->keepAlive_);
                              });
    }
    net::async_write(stream_, http::make_chunk(net::buffer(stream->page)),
                     [self = shared_from_this(), stream](beast::error_code ec, std::size_t) {
                       if (!ec) self->nextPage(stream);
                     });
  }

  // The last connection gone (a storm of them over): what their buffers took goes
  // back to the system, where malloc would keep it in its arenas.
  struct TrimWhenLast {
    std::atomic<std::size_t>& connections;
    ~TrimWhenLast() {
      if (connections.load() == 0) malloc_trim(0);
    }
  };

  TrimWhenLast trim_;  // destroyed after counted_ below
  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  Counted counted_;
  unsigned version_ = 11;
  bool head_ = false;
  bool keepAlive_ = false;
};

// The 503 to a connection past the limit: written, then the client's bytes read
// away until it closes (closing with them unread would reset the connection and
// could lose the answer), for a second at most.
class Refusal : public std::enable_shared_from_this<Refusal> {
 public:
  explicit Refusal(tcp::socket socket) : stream_(std::move(socket)) {}
  void start() {
    static const std::string body = R"({"error":"too many connections: try again in a few seconds"})";
    static const std::string answer =
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: " +
        std::to_string(body.size()) + "\r\nRetry-After: 5\r\nConnection: close\r\n\r\n" + body;
    stream_.expires_after(std::chrono::seconds(1));
    net::async_write(stream_, net::buffer(answer), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return;
      self->stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
      self->drain();
    });
  }

 private:
  void drain() {
    stream_.async_read_some(net::buffer(sink_), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (!ec) self->drain();
    });
  }
  beast::tcp_stream stream_;
  char sink_[512];
};

}  // namespace

void serveConnection(tcp::socket socket, Backend& backend) {
  beast::error_code ignored;
  socket.set_option(tcp::no_delay(true), ignored);
  std::make_shared<Connection>(std::move(socket), backend)->nextRequest();
}

void refuseConnection(tcp::socket socket) { std::make_shared<Refusal>(std::move(socket))->start(); }

}  // namespace apiary::server
