#include "index/merge_operator.hpp"

#include <vector>

#include "index/bucket.hpp"
#include "index/keys.hpp"

namespace apiary::index {

namespace {

std::string_view view(const rocksdb::Slice& s) { return {s.data(), s.size()}; }

}  // namespace

bool PositionMergeOperator::FullMergeV2(const MergeOperationInput& in, MergeOperationOutput* out) const {
  // A position one batch wrote and nothing else touched: RocksDB still merges it when
  // it compacts to the last level. Its operand is already the value; no copy.
  if (!in.existing_value && in.operand_list.size() == 1) {
    out->existing_operand = in.operand_list[0];
    return true;
  }
  std::vector<std::string_view> operands;
  operands.reserve(in.operand_list.size() + 1);
  if (in.existing_value) operands.push_back(view(*in.existing_value));
  for (const rocksdb::Slice& s : in.operand_list) operands.push_back(view(s));
  const auto key = IndexKey::decode(view(in.key));
  return key && mergeBuckets(key->id, operands, out->new_value);
}

bool PositionMergeOperator::PartialMergeMulti(const rocksdb::Slice& key, const std::deque<rocksdb::Slice>& operands,
                                              std::string* value, rocksdb::Logger*) const {
  std::vector<std::string_view> views;
  views.reserve(operands.size());
  for (const rocksdb::Slice& s : operands) views.push_back(view(s));
  const auto k = IndexKey::decode(view(key));
  return k && mergeBuckets(k->id, views, *value);
}

}  // namespace apiary::index
