// RocksDB's side of mergeBuckets: the merge operator of the bucket keys. Its
// operands and its values are both encoded buckets, so partial merges (of operands
// alone) and full merges (onto a stored value) are the same addition.
#pragma once
#include <rocksdb/merge_operator.h>

namespace apiary::index {

class PositionMergeOperator : public rocksdb::MergeOperator {
 public:
  const char* Name() const override { return "apiary.PositionBucket.v1"; }
  bool FullMergeV2(const MergeOperationInput& in, MergeOperationOutput* out) const override;
  bool PartialMergeMulti(const rocksdb::Slice& key, const std::deque<rocksdb::Slice>& operands,
                         std::string* value, rocksdb::Logger* logger) const override;
};

}  // namespace apiary::index
