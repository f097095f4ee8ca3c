#include "frontend/run/labels.hpp"

#include <fmt/format.h>

namespace frontend {

std::string format_value(const Program& p, const Type& t, const std::int32_t* v) {
  std::vector<std::string> parts;
  switch (t.kind) {
    case Type::Bool: return v[0] ? "true" : "false";
    case Type::Enum: return p.enum_symbols[t.id][v[0]];
    case Type::Ref: return v[0] ? fmt::format("{}.{}", p.nodes[t.id].name, v[0]) : "null";
    case Type::Tuple: {
      int off = 0;
      for (const auto& m : t.elems) {
        parts.push_back(format_value(p, *m, v + off));
        off += m->size;
      }
      return fmt::format("({})", fmt::join(parts, ","));
    }
    case Type::Array:
      for (int i = 0; i < t.length; ++i) parts.push_back(format_value(p, *t.elems[0], v + i * t.elems[0]->size));
      return fmt::format("[{}]", fmt::join(parts, ","));
    case Type::Seq:
      for (int i = 0; i < v[0]; ++i) parts.push_back(format_value(p, *t.elems[0], v + 1 + i * t.elems[0]->size));
      return fmt::format("[{}]", fmt::join(parts, ","));
    case Type::Set:
      for (int i = 0; i < t.length; ++i) {
        const std::int32_t e = static_cast<std::int32_t>(t.elems[0]->lo + i);
        if (v[i]) parts.push_back(format_value(p, *t.elems[0], &e));
      }
      return fmt::format("{{{}}}", fmt::join(parts, ","));
    default: return fmt::format("{}", v[0]);
  }
}

std::size_t Labels::Hash::operator()(const std::vector<std::int32_t>& v) const {
  std::uint64_t h = 0x9E3779B97F4A7C15ull;
  for (std::int32_t x : v) h = (h ^ static_cast<std::uint32_t>(x)) * 0x100000001B3ull;
  return static_cast<std::size_t>(h ^ (h >> 29));
}

std::string rename_threads(const std::string& label, const std::vector<int>& image) {
  const std::size_t open = label.find('(');
  if (open == std::string::npos) return label;
  std::size_t end = open + 1;
  while (end < label.size() && label[end] >= '0' && label[end] <= '9') ++end;
  const int thread = std::stoi(label.substr(open + 1, end - open - 1)) - 1;
  return label.substr(0, open + 1) + std::to_string(image.at(static_cast<std::size_t>(thread)) + 1) + label.substr(end);
}

lts::LabelId Labels::call(int thread, int method, const std::int32_t* args) {
  const MethodInfo& m = p_.methods[method];
  any_call_ = true;
  key_.assign({0, thread, method});
  key_.insert(key_.end(), args, args + m.params.size());
  if (auto it = cache_.find(key_); it != cache_.end()) return it->second;
  std::string name = fmt::format("call({},{}", thread + 1, m.name);
  for (std::size_t i = 0; i < m.params.size(); ++i) {
    name += ',';
    name += format_value(p_, *m.params[i], args + i);
  }
  name += ")";
  return cache_[key_] = builder_.label(name);
}

lts::LabelId Labels::ret(int thread, int pc, const std::int32_t* value) {
  const Instr& in = p_.code[pc];
  const int size = in.rhs ? in.rhs->type->size : 0;
  key_.assign({1, thread, pc});
  key_.insert(key_.end(), value, value + size);
  if (auto it = cache_.find(key_); it != cache_.end()) return it->second;
  std::string name = fmt::format("ret({},{}", thread + 1, p_.methods[in.node].name);
  if (in.rhs) {
    name += ',';
    name += format_value(p_, *in.rhs->type, value);
  }
  name += ")";
  return cache_[key_] = builder_.label(name);
}

lts::LabelId Labels::internal(int thread) {
  if (!thread_steps_) return lts::tau;
  if (steps_.size() <= static_cast<std::size_t>(thread)) steps_.resize(thread + 1, lts::tau);
  if (steps_[thread] == lts::tau) steps_[thread] = builder_.label(fmt::format("step({})", thread + 1));
  return steps_[thread];
}

lts::LabelId Labels::store(int thread, int stores) {
  if (!thread_steps_) return lts::tau;
  if (stores == 1) {
    key_.assign({2, thread});
  } else {
    key_.assign({2, thread, stores});
  }
  if (auto it = cache_.find(key_); it != cache_.end()) return it->second;
  return cache_[key_] = builder_.label(stores == 1 ? fmt::format("step({},store)", thread + 1)
                                                   : fmt::format("step({},store,{})", thread + 1, stores));
}

lts::LabelId Labels::flush(int thread) {
  if (!thread_steps_) return lts::tau;
  if (flushes_.size() <= static_cast<std::size_t>(thread)) flushes_.resize(thread + 1, lts::tau);
  if (flushes_[thread] == lts::tau) flushes_[thread] = builder_.label(fmt::format("step({},flush)", thread + 1));
  return flushes_[thread];
}

}  // namespace frontend
