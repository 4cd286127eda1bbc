// The mlx5 scheduling elements: up to 24 node / leaf creates, modifies and
// destroys on up to 6 elements, then every element destroyed, children
// first (fuzz/README.md).
#include "fuzz/harness/ops.h"

namespace {

const ibvcert::fuzz::Target kTarget = {
	"sched",
	nullptr,
	{{"sched_create", ibvcert::fuzz::sched_create_step},
	 {"sched_modify", ibvcert::fuzz::sched_modify_step},
	 {"sched_destroy", ibvcert::fuzz::sched_destroy_step}},
	24,
	ibvcert::fuzz::sched_teardown,
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
