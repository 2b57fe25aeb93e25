print("strider")
