#include "index/positions/merge_operator.hpp"

#include <vector>

#include "index/keys.hpp"
#include "index/positions/bucket.hpp"
#include "index/positions/posting_list.hpp"

namespace apiary::index {

namespace {

std::string_view view(const rocksdb::Slice& s) { return {s.data(), s.size()}; }

bool merge(const rocksdb::Slice& keyBytes, std::span<const std::string_view> operands, std::string& out) {
  const auto key = IndexKey::decode(view(keyBytes));
  if (!key) return false;
  switch (key->space) {
    case IndexKey::Space::Bucket: return mergeBuckets(key->id, operands, out);
    case IndexKey::Space::Postings: return mergePostingLists(operands, out);
    default: return false;  // batch markers are never merged
  }
}

}  // namespace

bool PositionMergeOperator::FullMergeV2(const MergeOperationInput& in, MergeOperationOutput* out) const {
  // A key one batch wrote and nothing else touched: RocksDB still merges it when it
  // compacts to the last level. Its operand is already the value; no copy.
  if (!in.existing_value && in.operand_list.size() == 1) {
    out->existing_operand = in.operand_list[0];
    return true;
  }
  std::vector<std::string_view> operands;
  operands.reserve(in.operand_list.size() + 1);
  if (in.existing_value) operands.push_back(view(*in.existing_value));
  for (const rocksdb::Slice& s : in.operand_list) operands.push_back(view(s));
  return merge(in.key, operands, out->new_value);
}

bool PositionMergeOperator::PartialMergeMulti(const rocksdb::Slice& key, const std::deque<rocksdb::Slice>& operands,
                                              std::string* value, rocksdb::Logger*) const {
  std::vector<std::string_view> views;
  views.reserve(operands.size());
  for (const rocksdb::Slice& s : operands) views.push_back(view(s));
  return merge(key, views, *value);
}

}  // namespace apiary::index
