# The stages of refinement that `quotient -v` printed, in short, for the
# tables of run.sh and vs_mcrl2.sh: which parts found the partition, e.g.
# hashed>worklist, hashed>PT (Paige & Tarjan), hashed>numbered>GJKW (Groote,
# Jansen, Keiren & Wijs), bottom-up (the one pass for acyclic LTSs); "-" if
# none were printed. A route that changes shows there before its time does.
#   awk -f bench/quotient/stages.awk VERBOSE_OUTPUT
/stage by stage/ { listing = 1; next }
listing {
  if (/ hashed round/) stage = "hashed"
  else if (/ numbered round/) stage = "numbered"
  else if (/ Bloom round/) stage = "Bloom"
  else if (/ worklist round/) stage = "worklist"
  else if (/ Paige & Tarjan/) stage = "PT"
  else if (/ partition refinement/) stage = "GJKW"
  else if (/ bottom-up/) stage = "bottom-up"
  else next
  route = route (route == "" ? "" : ">") stage
}
END { print (route == "" ? "-" : route) }
