package pbm
