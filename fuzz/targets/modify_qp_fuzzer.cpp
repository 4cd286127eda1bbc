// ibv_modify_qp: one QP of a decoded type, walked to a decoded start state,
// then a sequence of modify calls (fuzz/README.md).
#include "fuzz/harness/ops.h"

namespace {

const ibvcert::fuzz::Target kTarget = {
	"modify_qp", ibvcert::fuzz::one_qp_setup, {{"modify_qp", ibvcert::fuzz::modify_qp_step}}, 16,
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
