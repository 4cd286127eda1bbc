// Sequences across every verb family's rows (the IBVCERT_FUZZ_ROW lines of harness/op_*.cpp): QPs created,
// modified, queried and destroyed in any order (fuzz/README.md).
#include "fuzz/harness/ops.h"

namespace {

const ibvcert::fuzz::Target kTarget = {
	"sequence", nullptr, ibvcert::fuzz::all_rows(), 32, nullptr, true, ibvcert::fuzz::kFallbackCode,
};

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	return ibvcert::fuzz::initialize(argc, argv, kTarget);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return ibvcert::fuzz::run_input(kTarget, data, size);
}
