"""Rules engines of the digsite games; nothing here imports PettingZoo or Gymnasium."""
