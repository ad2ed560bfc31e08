print("paystorm-bench")
