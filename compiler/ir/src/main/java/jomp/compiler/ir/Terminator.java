package jomp.compiler.ir;

import java.util.List;

/** The last instruction of a basic block: where control goes next. */
public sealed interface Terminator {

    /** The blocks control may go to. */
    List<BasicBlock> successors();

    /** {@code br L} */
    record Br(BasicBlock target) implements Terminator {
        @Override
        public List<BasicBlock> successors() {
            return List.of(target);
        }
    }

    /** {@code condbr i32 %c, T, F}: to T when c is non-zero. */
    record CondBr(Value cond, BasicBlock ifTrue, BasicBlock ifFalse) implements Terminator {
        @Override
        public List<BasicBlock> successors() {
            return List.of(ifTrue, ifFalse);
        }
    }

    /** {@code switch i32 %v, default D [1: A, 2: B]}: case values are distinct, normalised to v's type. */
    record Switch(Value value, BasicBlock defaultTarget, List<Long> cases, List<BasicBlock> targets)
            implements Terminator {
        public Switch {
            cases = List.copyOf(cases);
            targets = List.copyOf(targets);
        }

        @Override
        public List<BasicBlock> successors() {
            var all = new java.util.ArrayList<BasicBlock>(targets.size() + 1);
            all.add(defaultTarget);
            all.addAll(targets);
            return all;
        }
    }

    /** {@code ret i32 %v} or {@code ret void}; a struct-returning function returns its hidden pointer. */
    record Ret(Value value) implements Terminator {
        @Override
        public List<BasicBlock> successors() {
            return List.of();
        }
    }
}
