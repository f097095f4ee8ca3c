/* The Michael-Scott queue with K most general clients, each doing N
   operations, for comparison with `gen models/ms_queue.conc`
   (bench/gen/run.sh). Same steps as our model; nodes come from a bump
   allocator (no garbage collection in SPIN): node 1 is the dummy. */
#ifndef K
#define K 2
#endif
#ifndef N
#define N 2
#endif
#ifndef V
#define V 2
#endif
#define POOL (K*N+2)

byte val[POOL];
byte nxt[POOL];
byte head = 1, tail = 1;
byte alloc = 2;

proctype client() {
  byte ops = 0, v, n, t, h, nx;
  bit ok;
  do
  :: ops < N ->
     ops++;
     if
     :: select(v : 1 .. V);                       /* call(enq, v) */
        atomic { n = alloc; alloc++; val[n] = v; nxt[n] = 0 }
        do
        :: t = tail;
           nx = nxt[t];
           if
           :: t == tail ->
              if
              :: nx == 0 ->
                 atomic { if :: nxt[t] == nx -> nxt[t] = n; ok = 1 :: else -> ok = 0 fi }
                 if
                 :: ok -> atomic { if :: tail == t -> tail = n :: else -> skip fi }; break
                 :: else -> skip
                 fi
              :: else -> atomic { if :: tail == t -> tail = nx :: else -> skip fi }
              fi
           :: else -> skip
           fi
        od;
        n = 0; t = 0; nx = 0; v = 0                /* ret(enq) */
     :: do                                         /* call(deq) */
        :: h = head;
           t = tail;
           nx = nxt[h];
           if
           :: h == head ->
              if
              :: h == t ->
                 if
                 :: nx == 0 -> break               /* ret(deq, empty) */
                 :: else -> atomic { if :: tail == t -> tail = nx :: else -> skip fi }
                 fi
              :: else ->
                 v = val[nx];
                 atomic { if :: head == h -> head = nx; ok = 1 :: else -> ok = 0 fi }
                 if :: ok -> break :: else -> skip fi   /* ret(deq, v) */
              fi
           :: else -> skip
           fi
        od;
        h = 0; t = 0; nx = 0; v = 0
     fi
  :: else -> break
  od
}

init {
  atomic { byte i; for (i : 1 .. K) { run client() } }
}
