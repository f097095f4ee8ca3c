#pragma once
// The successor records of one breadth-first level, sent to their owners in
// batches of about 64 KiB with MPI_Isend, so computing and sending overlap
// (docs/scaling.md, "Levels"). A record is `width` 32-bit words. At the end
// of a level one MPI_Reduce_scatter_block of the per-destination message
// counts tells each rank how many batches it still has to receive; the
// level's collectives that follow keep levels apart.
#include <cstdint>
#include <functional>
#include <vector>

#include <mpi.h>

namespace distributed {

class RecordExchange {
 public:
  // accept(record, sender): a record that arrived.
  using Accept = std::function<void(const std::uint32_t*, int)>;
  RecordExchange(MPI_Comm comm, std::size_t width, Accept accept);
  void add(int to, const std::uint32_t* record);
  // Receives what has arrived so far, without waiting.
  void poll();
  // Sends every buffer, then receives every batch of the level.
  void finish_level();
  std::uint64_t bytes_sent() const { return bytes_sent_; }
  std::uint64_t records_sent() const { return records_sent_; }

 private:
  void send(int to);
  void receive_one(const MPI_Status& status);
  void reap();  // frees the buffers of completed sends

  MPI_Comm comm_;
  int ranks_ = 1;
  std::size_t width_;
  Accept accept_;
  std::vector<std::vector<std::uint32_t>> out_;
  std::vector<unsigned long long> messages_to_;  // this level
  struct Pending {
    std::vector<std::uint32_t> data;
    MPI_Request request;
  };
  std::vector<Pending> pending_;
  std::vector<std::uint32_t> in_;
  std::uint64_t received_ = 0, bytes_sent_ = 0, records_sent_ = 0;
  static constexpr int tag = 54;
  static constexpr std::size_t batch_bytes = 64 * 1024;
};

}  // namespace distributed
