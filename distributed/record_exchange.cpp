#include "distributed/record_exchange.hpp"

#include <stdexcept>

namespace distributed {

RecordExchange::RecordExchange(MPI_Comm comm, std::size_t width, Accept accept)
    : comm_(comm), width_(width), accept_(std::move(accept)) {
  MPI_Comm_size(comm_, &ranks_);
  out_.resize(static_cast<std::size_t>(ranks_));
  messages_to_.assign(static_cast<std::size_t>(ranks_), 0);
}

void RecordExchange::add(int to, const std::uint32_t* record) {
  std::vector<std::uint32_t>& b = out_[static_cast<std::size_t>(to)];
  b.insert(b.end(), record, record + width_);
  ++records_sent_;
  if (b.size() * sizeof(std::uint32_t) >= batch_bytes) send(to);
}

void RecordExchange::send(int to) {
  std::vector<std::uint32_t>& b = out_[static_cast<std::size_t>(to)];
  if (b.empty()) return;
  if (b.size() > static_cast<std::size_t>(INT32_MAX)) throw std::length_error("an MPI batch over 2^31 words");
  pending_.push_back({std::move(b), MPI_REQUEST_NULL});
  b = {};
  Pending& p = pending_.back();
  MPI_Isend(p.data.data(), static_cast<int>(p.data.size()), MPI_UINT32_T, to, tag, comm_, &p.request);
  bytes_sent_ += p.data.size() * sizeof(std::uint32_t);
  ++messages_to_[static_cast<std::size_t>(to)];
  reap();
}

void RecordExchange::reap() {
  for (std::size_t i = 0; i < pending_.size();) {
    int done = 0;
    MPI_Test(&pending_[i].request, &done, MPI_STATUS_IGNORE);
    if (done) {
      pending_[i] = std::move(pending_.back());
      pending_.pop_back();
    } else {
      ++i;
    }
  }
}

void RecordExchange::receive_one(const MPI_Status& status) {
  int words = 0;
  MPI_Get_count(&status, MPI_UINT32_T, &words);
  in_.resize(static_cast<std::size_t>(words));
  MPI_Recv(in_.data(), words, MPI_UINT32_T, status.MPI_SOURCE, tag, comm_, MPI_STATUS_IGNORE);
  ++received_;
  for (std::size_t at = 0; at + width_ <= in_.size(); at += width_) accept_(in_.data() + at, status.MPI_SOURCE);
}

void RecordExchange::poll() {
  for (;;) {
    int flag = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, tag, comm_, &flag, &status);
    if (!flag) break;
    receive_one(status);
  }
  reap();
}

void RecordExchange::finish_level() {
  for (int to = 0; to < ranks_; ++to) send(to);
  // Batches addressed to this rank in the level, summed over the senders.
  unsigned long long expected = 0;
  MPI_Reduce_scatter_block(messages_to_.data(), &expected, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, comm_);
  while (received_ < expected) {
    MPI_Status status;
    MPI_Probe(MPI_ANY_SOURCE, tag, comm_, &status);
    receive_one(status);
  }
  for (Pending& p : pending_) MPI_Wait(&p.request, MPI_STATUS_IGNORE);
  pending_.clear();
  received_ = 0;
  messages_to_.assign(static_cast<std::size_t>(ranks_), 0);
}

}  // namespace distributed
