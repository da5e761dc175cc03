// RocksDB's merge operator, for both kinds of position keys (keys.hpp): buckets are
// added with mergeBuckets, posting lists kept apart with mergePostingLists. In
// both, operands and values have the same encoding, so partial merges (of operands
// alone) and full merges (onto a stored value) are the same addition.
#pragma once
#include <rocksdb/merge_operator.h>

namespace apiary::index {

class PositionMergeOperator : public rocksdb::MergeOperator {
 public:
  const char* Name() const override { return "apiary.PositionBucket.v2"; }
  bool FullMergeV2(const MergeOperationInput& in, MergeOperationOutput* out) const override;
  bool PartialMergeMulti(const rocksdb::Slice& key, const std::deque<rocksdb::Slice>& operands, std::string* value,
                         rocksdb::Logger* logger) const override;
};

}  // namespace apiary::index
