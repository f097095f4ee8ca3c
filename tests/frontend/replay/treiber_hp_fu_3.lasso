call(1,push,1)
call(2,push,1)
ret(1,push)
call(1,pop)
ret(2,push)
call(2,pop)
# cycle
i
