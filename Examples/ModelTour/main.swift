import TabModel
