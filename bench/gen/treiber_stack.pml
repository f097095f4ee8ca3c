/* Treiber's stack with K most general clients, each doing N operations,
   for comparison with `gen models/treiber_stack.conc` (bench/gen/run.sh).
   The same steps as our model: allocation, read Top, write n.next, cas.
   SPIN has no garbage collection, so nodes come from a bump allocator and
   are never reused (no ABA): POOL = K*N pushes at most, node 0 is null. */
#ifndef K
#define K 2
#endif
#ifndef N
#define N 2
#endif
#ifndef V
#define V 2
#endif
#define POOL (K*N+1)

byte val[POOL];
byte nxt[POOL];
byte top = 0;
byte alloc = 1;

proctype client() {
  byte ops = 0, v, n, t, nx;
  bit ok;
  do
  :: ops < N ->
     ops++;
     if
     :: select(v : 1 .. V);                       /* call(push, v) */
        atomic { n = alloc; alloc++; val[n] = v; nxt[n] = 0 }
        do
        :: t = top;
           nxt[n] = t;
           atomic { if :: top == t -> top = n; ok = 1 :: else -> ok = 0 fi }
           if :: ok -> break :: else -> skip fi
        od;
        n = 0; t = 0; v = 0                        /* ret(push) */
     :: do                                         /* call(pop) */
        :: t = top;
           if
           :: t == 0 -> break                      /* ret(pop, empty) */
           :: else ->
              nx = nxt[t];
              atomic { if :: top == t -> top = nx; ok = 1 :: else -> ok = 0 fi }
              if :: ok -> v = val[t]; break :: else -> skip fi   /* ret(pop, v) */
           fi
        od;
        t = 0; nx = 0; v = 0
     fi
  :: else -> break
  od
}

init {
  atomic { byte i; for (i : 1 .. K) { run client() } }
}
