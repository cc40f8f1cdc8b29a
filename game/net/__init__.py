"""Races over the network, with no pygame: the protocol, the server, clients and room discovery."""
