print("paystorm")
